import { describe, expect, it } from 'vitest';
import {
  calendarWindows,
  createFmpMarketCalendar,
  FMP_CALENDAR_MAX_PAGES,
  FMP_CALENDAR_PAGE_ROWS,
  paymentsPerYear,
} from './calendar';
import { ProviderError } from './provider-error';
import {
  planRefusal,
  refusalWords,
  stableFixture,
  stableRow,
  type FmpRow,
} from './testing/stable-fixtures';
import { bySymbol, providerFailure, stubFmpPerTest } from './testing/stub-fmp-client';
import type { StubRoute } from './testing/stub-fmp-server';

const fmp = stubFmpPerTest();

async function calendar(routes: Record<string, StubRoute>) {
  return createFmpMarketCalendar(await fmp.client(routes));
}

/**
 * A market-wide calendar as FMP serves it: the rows dated within the query's from–to, `pageRows`
 * a page, the query's page (from 0) of them.
 */
const calendarRoute =
  (rows: readonly FmpRow[], pageRows = 4000): StubRoute =>
  (url) => {
    const from = url.searchParams.get('from') ?? '';
    const to = url.searchParams.get('to') ?? '';
    const page = Number(url.searchParams.get('page') ?? 0);
    const dated = rows.filter((r) => String(r.date) >= from && String(r.date) <= to);
    return { body: dated.slice(page * pageRows, (page + 1) * pageRows) };
  };

const marketWide = (
  earnings = stableFixture('earnings-calendar'),
  dividends = stableFixture('dividends-calendar'),
  splits = stableFixture('splits-calendar'),
) => ({
  '/stable/earnings-calendar': calendarRoute(earnings),
  '/stable/dividends-calendar': calendarRoute(dividends),
  '/stable/splits-calendar': calendarRoute(splits),
});

/** FMP's documented rows are dated 2024-11-04 (earnings) to 2025-02-04. */
const DOCUMENTED = { from: '2024-11-01', to: '2025-02-05' };

describe('FMP calendar adapter: the market-wide calendars', () => {
  it('reads FMP’s documented earnings, dividend and split rows', async () => {
    const events = await (await calendar(marketWide())).events(DOCUMENTED);
    expect(events).toContainEqual({
      kind: 'earnings',
      symbol: 'KEC.NS',
      date: '2024-11-04',
      // The stable rows do not name the quarter: the report day stands in.
      fiscalDateEnding: '2024-11-04',
      epsEstimated: 4.97,
      eps: 3.32,
      surprise: -1.65,
      surprisePercent: -33.2,
    });
    expect(events).toContainEqual({
      kind: 'dividend',
      symbol: '1D0.SI',
      date: '2025-02-04',
      // '' is "not announced".
      declarationDate: null,
      recordDate: null,
      paymentDate: null,
      dividend: 0.01,
      yield: null,
      frequency: 2,
    });
    expect(events).toContainEqual({
      kind: 'split',
      symbol: 'EYEN',
      date: '2025-02-03',
      numerator: 1,
      denominator: 80,
    });
    expect(events).toHaveLength(3);
  });

  it('asks each calendar by from, to and page, in windows of at most 90 days', async () => {
    await (await calendar(marketWide())).events(DOCUMENTED);
    const asked = fmp.server.requests
      .filter((u) => u.pathname === '/stable/earnings-calendar')
      .map((u) => Object.fromEntries(u.searchParams));
    expect(asked.sort((a, b) => (a.from! < b.from! ? -1 : 1))).toEqual([
      { from: '2024-11-01', to: '2025-01-29', page: '0', apikey: 'k' },
      { from: '2025-01-30', to: '2025-02-05', page: '0', apikey: 'k' },
    ]);
    expect(fmp.server.requests.every((u) => u.pathname.startsWith('/stable/'))).toBe(true);
    expect(calendarWindows({ from: '2024-09-01', to: '2024-12-09' })).toEqual([
      { from: '2024-09-01', to: '2024-11-29' },
      { from: '2024-11-30', to: '2024-12-09' },
    ]);
  });

  it('drops a dividend without an amount, and reads an EPS not yet reported as null', async () => {
    const events = await (
      await calendar(
        marketWide(
          [stableRow('earnings-calendar', { epsActual: null, revenueActual: null })],
          [stableRow('dividends-calendar', { dividend: null, adjDividend: null })],
          [],
        ),
      )
    ).events(DOCUMENTED);
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'earnings',
        eps: null,
        surprise: null,
        surprisePercent: null,
      }),
    ]);
  });

  it.each([3000, 4000])(
    'reads every page of a busy window (FMP filling %i rows a page)',
    async (pageRows) => {
      const documented = stableRow('dividends-calendar');
      const busy = Array.from({ length: 2 * pageRows + 10 }, (_, i) => ({
        ...documented,
        symbol: `D${i}`,
      }));
      const source = await calendar({
        ...marketWide(),
        '/stable/dividends-calendar': calendarRoute(busy, pageRows),
      });
      const events = await source.events({ from: '2025-02-01', to: '2025-02-28' });
      expect(events.filter((e) => e.kind === 'dividend')).toHaveLength(busy.length);
      const pages = fmp.server.requests
        .filter((u) => u.pathname === '/stable/dividends-calendar')
        .map((u) => u.searchParams.get('page'));
      expect(pages).toEqual(['0', '1', '2']);
      // The quiet calendars take one page each.
      expect(fmp.server.count('/stable/splits-calendar')).toBe(1);
    },
  );

  it('fails rather than loop when FMP answers the same full page again', async () => {
    const documented = stableRow('splits-calendar');
    const full = Array.from({ length: FMP_CALENDAR_PAGE_ROWS }, (_, i) => ({
      ...documented,
      symbol: `S${i}`,
    }));
    const source = await calendar({
      ...marketWide(),
      '/stable/splits-calendar': () => ({ body: full }),
    });
    const error = await providerFailure(source.events({ from: '2025-02-01', to: '2025-02-28' }));
    expect(error).toMatchObject({ kind: 'invalid', path: '/stable/splits-calendar' });
    expect(fmp.server.count('/stable/splits-calendar')).toBe(2);
  });

  it(`fails rather than cut a window still full after ${FMP_CALENDAR_MAX_PAGES} pages`, async () => {
    const source = await calendar({
      ...marketWide(),
      '/stable/splits-calendar': (url) => ({
        body: Array.from({ length: FMP_CALENDAR_PAGE_ROWS }, (_, i) => ({
          symbol: `P${url.searchParams.get('page')}-${i}`,
          date: '2025-02-03',
          numerator: 2,
          denominator: 1,
        })),
      }),
    });
    const error = await providerFailure(source.events({ from: '2025-02-01', to: '2025-02-28' }));
    expect(error.message).toContain(`still full after ${FMP_CALENDAR_MAX_PAGES} pages`);
    expect(fmp.server.count('/stable/splits-calendar')).toBe(FMP_CALENDAR_MAX_PAGES);
  });

  it('filters the market-wide calendars to many symbols', async () => {
    const source = await calendar(
      marketWide(undefined, [
        ...stableFixture('dividends-calendar'),
        stableRow('dividends', { date: '2025-02-03' }),
      ]),
    );
    const symbols = ['AAPL', 'EYEN', 'A', 'B', 'C', 'D'];
    const events = await source.events(DOCUMENTED, symbols);
    expect(events.map((e) => `${e.kind} ${e.symbol}`).sort()).toEqual([
      'dividend AAPL',
      'split EYEN',
    ]);
    expect(fmp.server.count('/stable/dividends')).toBe(0);
  });

  it('reports a calendar the plan refuses as the refusal, never as no events', async () => {
    const source = await calendar({
      ...marketWide(),
      '/stable/dividends-calendar': () => planRefusal('restricted'),
    });
    const error = await providerFailure(source.events(DOCUMENTED));
    expect(error).toMatchObject({ kind: 'plan', path: '/stable/dividends-calendar' });
    expect(error.message).toContain(refusalWords('restricted'));
  });

  it('fails with a ProviderError on an answer of the wrong shape', async () => {
    const source = await calendar({
      ...marketWide(),
      '/stable/earnings-calendar': () => ({ body: [{ date: 'soon', symbol: 'AAPL' }] }),
    });
    await expect(source.events(DOCUMENTED)).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('FMP calendar adapter: a few symbols’ histories', () => {
  const histories = {
    '/stable/earnings': bySymbol({
      AAPL: [
        stableRow('earnings'),
        stableRow('earnings', { date: '2025-01-30', epsActual: 2.4, epsEstimated: 2.35 }),
      ],
    }),
    '/stable/dividends': bySymbol({ AAPL: stableFixture('dividends') }),
    '/stable/splits': bySymbol({ AAPL: stableFixture('splits') }),
  };

  it('reads them by symbol in the query, trimmed to the range', async () => {
    const source = await calendar(histories);
    const events = await source.events({ from: '2025-01-01', to: '2025-12-31' }, ['AAPL']);
    expect(events.map((e) => `${e.kind} ${e.date}`).sort()).toEqual([
      'dividend 2025-02-10',
      'earnings 2025-01-30',
      // Not reported yet: FMP's documented row has no figures.
      'earnings 2025-10-29',
    ]);
    expect(events).toContainEqual({
      kind: 'dividend',
      symbol: 'AAPL',
      date: '2025-02-10',
      declarationDate: '2025-01-30',
      recordDate: '2025-02-10',
      paymentDate: '2025-02-13',
      dividend: 0.25,
      yield: null,
      frequency: 4,
    });
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'earnings', date: '2025-01-30', eps: 2.4, surprise: 0.05 }),
    );
    for (const path of ['/stable/earnings', '/stable/dividends', '/stable/splits']) {
      const asked = fmp.server.requests.filter((u) => u.pathname === path);
      expect(asked.map((u) => u.searchParams.get('symbol'))).toEqual(['AAPL']);
    }
    expect(fmp.server.count('/stable/earnings-calendar')).toBe(0);
  });

  it('reads AAPL’s documented split', async () => {
    const source = await calendar(histories);
    expect(await source.events({ from: '2020-08-01', to: '2020-09-30' }, ['AAPL'])).toEqual([
      { kind: 'split', symbol: 'AAPL', date: '2020-08-31', numerator: 4, denominator: 1 },
    ]);
  });

  it('reports a history the plan refuses as the refusal, never as no events', async () => {
    const source = await calendar({
      ...histories,
      '/stable/earnings': () => planRefusal('premiumParameter'),
    });
    const error = await providerFailure(
      source.events({ from: '2025-01-01', to: '2025-12-31' }, ['AAPL']),
    );
    expect(error).toMatchObject({ kind: 'plan', path: '/stable/earnings', status: 402 });
  });
});

describe('payments a year from FMP’s dividend frequency', () => {
  it.each([
    ['Quarterly', 4],
    ['Semi-Annual', 2],
    ['Monthly', 12],
    ['Annual', 1],
    ['weekly', 52],
    ['Irregular', 1],
    ['', 1],
    [null, 1],
  ])('%s → %i', (frequency, payments) => {
    expect(paymentsPerYear(frequency)).toBe(payments);
  });
});
