import { NotCovered, NotFound } from '../../../core/domain-errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../shared/observability/logger';
import type { PricedInstrument } from '../../ports/market-data';
import { createFmpMarketData, QUOTE_BATCH, SINGLE_QUOTE_CONCURRENCY } from './market-data';
import {
  planRefusal,
  refusalWords,
  stableFixture,
  stableRow,
  type FmpRow,
} from './testing/stable-fixtures';
import { bySymbol, providerFailure, reply, stubFmpPerTest } from './testing/stub-fmp-client';
import type { StubRoute } from './testing/stub-fmp-server';

const AAPL: PricedInstrument = { symbol: 'AAPL', exchangeShortName: 'NASDAQ' };
// Tuesday 4 February 2025, 10:00 in New York (EST, UTC−5): the day of FMP's documented samples.
const TUESDAY_10AM_NY = new Date('2025-02-04T15:00:00Z');

const fmp = stubFmpPerTest();
afterEach(() => vi.restoreAllMocks());

async function marketData(routes: Record<string, StubRoute>) {
  return createFmpMarketData(await fmp.client(routes));
}

const quoteRow = (overrides: FmpRow = {}) => stableRow('quote', overrides);

const bar = (date: string, close: number) => ({
  date,
  open: close - 1,
  low: close - 2,
  high: close + 1,
  close,
  volume: 1000,
});

/** The symbols each request to `path` asked for, in order. */
const askedSymbols = (path: string) =>
  fmp.server.requests
    .filter((u) => u.pathname === path)
    .map((u) => u.searchParams.get('symbols') ?? u.searchParams.get('symbol'));

describe('FMP market data: quotes', () => {
  it('maps the stable quote, the symbol in the query, computing marketOpen from the sessions', async () => {
    const md = await marketData({ '/stable/quote': bySymbol({ AAPL: stableFixture('quote') }) });
    expect(await md.quote(AAPL, TUESDAY_10AM_NY)).toEqual({
      symbol: 'AAPL',
      price: 232.8,
      change: 4.79,
      // From the previous close (core's one definition): 4.79 / 228.01.
      changesPercentage: 2.1008,
      dayLow: 226.65,
      dayHigh: 233.13,
      yearLow: 164.08,
      yearHigh: 260.1,
      open: 227.2,
      previousClose: 228.01,
      volume: 44_489_128,
      // The stable quote has no average volume.
      avgVolume: 0,
      marketOpen: true,
      timestamp: 1_738_702_801,
    });
    expect(askedSymbols('/stable/quote')).toEqual(['AAPL']);
    expect(fmp.server.requests).toHaveLength(1); // no /is-the-market-open call
    const saturday = new Date('2025-02-08T15:00:00Z');
    expect((await md.quote(AAPL, saturday)).marketOpen).toBe(false);
    const evening = new Date('2025-02-04T21:30:00Z'); // 16:30 in New York
    expect((await md.quote(AAPL, evening)).marketOpen).toBe(false);
    const unknownExchange = { symbol: 'AAPL', exchangeShortName: 'OTC' };
    expect((await md.quote(unknownExchange, TUESDAY_10AM_NY)).marketOpen).toBe(false);
  });

  it('takes the previous close as price − change when FMP has none', async () => {
    const md = await marketData({ '/stable/quote': reply([quoteRow({ previousClose: null })]) });
    const quote = await md.quote(AAPL, TUESDAY_10AM_NY);
    expect(quote).toMatchObject({ change: 4.79, changesPercentage: 2.1008 });
    expect(quote.previousClose).toBeCloseTo(228.01, 10);
  });

  it('fills null quote figures from the others', async () => {
    const md = await marketData({
      '/stable/quote': reply([
        quoteRow({
          change: null,
          changePercentage: null,
          dayLow: null,
          dayHigh: null,
          yearLow: null,
          yearHigh: null,
          open: null,
          volume: null,
          marketCap: null,
          previousClose: 200,
        }),
      ]),
    });
    const quote = await md.quote(AAPL, TUESDAY_10AM_NY);
    expect(quote).toMatchObject({
      change: 32.8,
      dayLow: 232.8,
      dayHigh: 232.8,
      yearLow: 232.8,
      yearHigh: 232.8,
      open: 232.8,
      volume: 0,
    });
    expect(quote.changesPercentage).toBeCloseTo(16.4);
  });

  it('reports an unknown symbol (FMP answers []) as the caller’s NotFound, not a provider fault', async () => {
    const md = await marketData({ '/stable/quote': bySymbol({}) });
    const error = await md.quote({ ...AAPL, symbol: 'NOPE' }, TUESDAY_10AM_NY).catch((e) => e);
    expect(error).toBeInstanceOf(NotFound);
    expect(error).not.toBeInstanceOf(NotCovered);
    expect((error as Error).message).toBe('No quote for "NOPE"');
  });

  it('quotes many symbols with /stable/batch-quote, each on its own exchange clock', async () => {
    const md = await marketData({
      '/stable/batch-quote': reply([
        quoteRow(),
        quoteRow({ symbol: 'VOD.L', price: 70.1, previousClose: 70, exchange: 'LSE' }),
      ]),
    });
    const vodafone: PricedInstrument = { symbol: 'VOD.L', exchangeShortName: 'LSE' };
    // 20:30 in London: New York is trading, London has closed.
    const evening = new Date('2025-02-04T20:30:00Z');
    const quotes = await md.quotes([AAPL, vodafone], evening);
    expect(quotes.map((q) => [q.symbol, q.price, q.marketOpen])).toEqual([
      ['AAPL', 232.8, true],
      ['VOD.L', 70.1, false],
    ]);
    expect(askedSymbols('/stable/batch-quote')).toEqual(['AAPL,VOD.L']);
    expect(fmp.server.count('/stable/quote')).toBe(0);
  });

  it(`asks at most ${QUOTE_BATCH} symbols a batch`, async () => {
    const instruments = Array.from({ length: 2 * QUOTE_BATCH + 1 }, (_, i) => ({
      symbol: `S${i}`,
      exchangeShortName: 'NASDAQ',
    }));
    const md = await marketData({
      '/stable/batch-quote': (url) => ({
        body: (url.searchParams.get('symbols') ?? '')
          .split(',')
          .map((symbol) => quoteRow({ symbol })),
      }),
    });
    const quotes = await md.quotes(instruments, TUESDAY_10AM_NY);
    expect(quotes).toHaveLength(instruments.length);
    const batches = askedSymbols('/stable/batch-quote').map((s) => s!.split(',').length);
    expect(batches.sort((a, b) => b - a)).toEqual([QUOTE_BATCH, QUOTE_BATCH, 1]);
  });

  it('quotes symbol by symbol, a few at once, once the plan refuses the batch, and remembers it', async () => {
    let inFlight = 0;
    let most = 0;
    const countingFetch: typeof fetch = async (input, init) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await fetch(input, init);
      } finally {
        inFlight -= 1;
      }
    };
    const symbols = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'META', 'TSLA', 'NOPE'];
    const client = await fmp.client(
      {
        '/stable/batch-quote': () => planRefusal('restricted'),
        '/stable/quote': (url) => {
          const symbol = url.searchParams.get('symbol')!;
          return { body: symbol === 'NOPE' ? [] : [quoteRow({ symbol })], delayMs: 20 };
        },
      },
      { fetch: countingFetch },
    );
    const md = createFmpMarketData(client);
    const instruments = symbols.map((symbol) => ({ symbol, exchangeShortName: 'NASDAQ' }));
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const first = await md.quotes(instruments, TUESDAY_10AM_NY);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('/stable/batch-quote');
    // The symbol FMP has no quote for is left out, as the port promises.
    expect(first.map((q) => q.symbol)).toEqual(symbols.slice(0, -1));
    expect(most).toBe(SINGLE_QUOTE_CONCURRENCY);
    expect(fmp.server.count('/stable/batch-quote')).toBe(1);
    expect(fmp.server.count('/stable/quote')).toBe(symbols.length);

    const second = await md.quotes(instruments.slice(0, 2), TUESDAY_10AM_NY);
    expect(second.map((q) => q.symbol)).toEqual(['AAPL', 'MSFT']);
    expect(fmp.server.count('/stable/batch-quote')).toBe(1);
  });

  it('leaves out a symbol whose exchange the plan does not cover, and fails when it covers none', async () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const md = await marketData({
      '/stable/batch-quote': () => planRefusal('restricted'),
      '/stable/quote': (url) =>
        url.searchParams.get('symbol') === 'VOD.L'
          ? planRefusal('premiumParameter')
          : { body: [quoteRow()] },
    });
    const VOD = { symbol: 'VOD.L', exchangeShortName: 'LSE' };
    const quotes = await md.quotes([AAPL, VOD], TUESDAY_10AM_NY);
    expect(quotes.map((q) => q.symbol)).toEqual(['AAPL']);
    // Every symbol refused is a refused endpoint (or key), not a gap in coverage: it is said.
    const error = await providerFailure(md.quotes([VOD], TUESDAY_10AM_NY));
    expect(error).toMatchObject({ kind: 'plan', path: '/stable/quote', status: 402 });
    expect(error.message).toContain(refusalWords('premiumParameter'));
  });

  it('does not fall back on a batch failure that is no refusal by the plan', async () => {
    const md = await marketData({
      '/stable/batch-quote': () => ({ status: 400, body: { 'Error Message': 'Invalid symbols' } }),
      '/stable/quote': reply([quoteRow()]),
    });
    const error = await providerFailure(md.quotes([AAPL], TUESDAY_10AM_NY));
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect(fmp.server.count('/stable/quote')).toBe(0);
  });

  it('reports a refused quote as NotCovered ("not covered by the data plan"), never as no quote', async () => {
    const md = await marketData({ '/stable/quote': () => planRefusal('legacy') });
    const error = await md.quote(AAPL, TUESDAY_10AM_NY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotCovered);
    expect((error as NotCovered).message).toBe('AAPL is not covered by the data plan');
  });
});

describe('FMP market data: bars', () => {
  it('asks intraday bars for local dates and returns them newest first, none after now', async () => {
    const md = await marketData({
      '/stable/historical-chart/5min': () => ({
        body: [
          bar('2025-02-04 09:50:00', 3),
          bar('2025-02-04 10:05:00', 5), // after now
          bar('2025-02-04 10:00:00', 4),
          bar('2025-02-03 15:55:00', 1), // before from
          bar('2025-02-04 09:30:00', 2),
        ],
      }),
    });
    const from = new Date('2025-02-04T14:30:00Z'); // 09:30 in New York
    const bars = await md.intraday(AAPL, '5min', from, TUESDAY_10AM_NY);
    expect(bars.map((b) => b.date)).toEqual([
      '2025-02-04 10:00:00',
      '2025-02-04 09:50:00',
      '2025-02-04 09:30:00',
    ]);
    expect(bars[0]).toEqual(bar('2025-02-04 10:00:00', 4));
    const url = fmp.server.requests[0]!;
    expect(Object.fromEntries(url.searchParams)).toEqual({
      symbol: 'AAPL',
      from: '2025-02-04',
      to: '2025-02-04',
      apikey: 'k',
    });
  });

  it.each(['1min', '5min'] as const)('reads FMP’s documented %s bar', async (interval) => {
    const md = await marketData({
      [`/stable/historical-chart/${interval}`]: reply(
        stableFixture(`historical-chart-${interval}`),
      ),
    });
    const [documented] = stableFixture(`historical-chart-${interval}`);
    const bars = await md.intraday(
      AAPL,
      interval,
      new Date('2025-02-04T14:30:00Z'),
      new Date('2025-02-04T21:00:00Z'),
    );
    expect(bars).toEqual([documented]);
  });

  it('uses the exchange clock: Tokyo bars are dated in Tokyo', async () => {
    const md = await marketData({
      '/stable/historical-chart/1min': () => ({
        body: [bar('2025-02-05 09:01:00', 2), bar('2025-02-05 09:00:00', 1)],
      }),
    });
    const toyota = { symbol: '7203.T', exchangeShortName: 'JPX' };
    // 00:00:30 UTC = 09:00:30 in Tokyo on the 5th.
    const bars = await md.intraday(
      toyota,
      '1min',
      new Date('2025-02-04T23:00:00Z'),
      new Date('2025-02-05T00:00:30Z'),
    );
    expect(bars.map((b) => b.close)).toEqual([1]);
    const url = fmp.server.requests[0]!;
    expect([url.searchParams.get('symbol'), url.searchParams.get('to')]).toEqual([
      '7203.T',
      '2025-02-05',
    ]);
  });

  it('reads the flat daily list newest first within [from, now], extra fields dropped', async () => {
    const documented = stableRow('historical-price-eod-full');
    const md = await marketData({
      '/stable/historical-price-eod/full': () => ({
        body: [
          { ...documented, date: '2025-02-05' }, // after now
          documented,
          { ...documented, date: '2025-01-31', close: 236 },
          { ...documented, date: '2025-02-03', close: 228.01 },
        ],
      }),
    });
    const bars = await md.daily(AAPL, new Date('2025-01-31T12:00:00Z'), TUESDAY_10AM_NY);
    const ohlcv = { open: 227.2, high: 233.13, low: 226.65, volume: 44_489_128 };
    expect(bars).toEqual([
      { date: '2025-02-04', close: 232.8, ...ohlcv },
      { date: '2025-02-03', close: 228.01, ...ohlcv },
      { date: '2025-01-31', close: 236, ...ohlcv },
    ]);
    const url = fmp.server.requests[0]!;
    expect(Object.fromEntries(url.searchParams)).toEqual({
      symbol: 'AAPL',
      from: '2025-01-31',
      to: '2025-02-04',
      apikey: 'k',
    });
  });

  it('treats an empty daily answer ([]) as no bars, and skips the call for an empty range', async () => {
    const md = await marketData({ '/stable/historical-price-eod/full': reply([]) });
    expect(await md.daily(AAPL, new Date('2025-01-01'), TUESDAY_10AM_NY)).toEqual([]);
    expect(await md.daily(AAPL, new Date('2025-03-01'), TUESDAY_10AM_NY)).toEqual([]);
    expect(fmp.server.count('/stable/historical-price-eod/full')).toBe(1);
  });

  it('fails on the legacy wrapped shape ({historical: []}) rather than read it as no bars', async () => {
    const md = await marketData({
      '/stable/historical-price-eod/full': reply({ symbol: 'AAPL', historical: [] }),
    });
    await expect(md.daily(AAPL, new Date('2025-01-01'), TUESDAY_10AM_NY)).rejects.toMatchObject({
      kind: 'invalid',
    });
  });

  it('reports refused bars as NotCovered, never as no bars', async () => {
    const md = await marketData({
      '/stable/historical-price-eod/full': () => planRefusal('premiumParameter'),
      '/stable/historical-chart/1min': () => planRefusal('restricted'),
    });
    await expect(md.daily(AAPL, new Date('2025-01-01'), TUESDAY_10AM_NY)).rejects.toBeInstanceOf(
      NotCovered,
    );
    await expect(
      md.intraday(AAPL, '1min', new Date('2025-02-04T14:30:00Z'), TUESDAY_10AM_NY),
    ).rejects.toThrow('AAPL is not covered by the data plan');
    expect(fmp.server.count('/stable/historical-chart/1min')).toBe(1);
  });

  it('rejects a bar without a price', async () => {
    const md = await marketData({
      '/stable/historical-chart/1min': () => ({
        body: [{ ...bar('2025-02-04 09:30:00', 1), close: null }],
      }),
    });
    await expect(
      md.intraday(AAPL, '1min', new Date('2025-02-04T14:00:00Z'), TUESDAY_10AM_NY),
    ).rejects.toMatchObject({ kind: 'invalid' });
  });
});
