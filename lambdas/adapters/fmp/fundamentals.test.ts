import { describe, expect, it } from 'vitest';
import { ttmIncomeStatement } from '../../../core/market/ttm';
import { consensusOf } from '../../../core/market/analyst-consensus';
import { gradeAction } from './analyst';
import type { FmpClient } from './client';
import {
  createFmpFundamentals,
  GRADES_PATH,
  PRICE_TARGETS_PATH,
  PROFILE_PATH,
  RATINGS_PATH,
  SHARES_FLOAT_PATH,
  TARGET_NEWS_PATH,
  type FmpFundamentalsOptions,
} from './fundamentals';
import { ProviderError } from './provider-error';
import {
  ANNUAL_PERIODS,
  companiesRoutes,
  fmpProfile,
  QUARTER_PERIODS,
  stableSample,
  STABLE_DAILY_PATH,
} from './testing/stub-fmp-fixtures';
import { providerFailure, reply, stubFmpPerTest } from './testing/stub-fmp-client';
import type { StubRoute } from './testing/stub-fmp-server';

const ISIN = 'US0378331005';
/** FMP's words for a key sold after its legacy API closed (issue 29). */
const LEGACY_WORDS =
  'Legacy Endpoint : Due to Legacy endpoints being no longer supported - This endpoint is only available for legacy users who have valid subscriptions prior August 31, 2025.';

const fmp = stubFmpPerTest();

/** The AAPL and MSFT routes with some replaced (undefined removes a route: it then answers 404). */
async function stubClient(overrides: Record<string, StubRoute | undefined> = {}) {
  const routes: Record<string, StubRoute> = {
    ...companiesRoutes([
      { symbol: 'AAPL', isin: ISIN },
      { symbol: 'MSFT', isin: 'US5949181045' },
    ]),
  };
  for (const [path, route] of Object.entries(overrides)) {
    if (route) routes[path] = route;
    else delete routes[path];
  }
  return fmp.client(routes);
}

async function fundamentals(
  overrides: Record<string, StubRoute | undefined> = {},
  options?: FmpFundamentalsOptions,
) {
  return createFmpFundamentals(await stubClient(overrides), options);
}

/**
 * A client whose plan refuses `paths` as FMP's client reports it (a ProviderError of kind 'plan'),
 * counting what reaches each of them; the rest goes to `client`.
 */
function refusing(client: FmpClient, paths: readonly string[]) {
  const asked = new Map<string, number>();
  const wrapped: FmpClient = {
    get(path, query, schema) {
      asked.set(path, (asked.get(path) ?? 0) + 1);
      if (paths.includes(path))
        return Promise.reject(new ProviderError('plan', path, LEGACY_WORDS));
      return client.get(path, query, schema);
    },
  };
  return { client: wrapped, asked: (path: string) => asked.get(path) ?? 0 };
}

/** The daily-bar route the average closes are read from. */
const dailyRoutes = (route: StubRoute) => ({ [STABLE_DAILY_PATH]: route });

describe('FMP fundamentals', () => {
  it('assembles a company from the stable profile, share float, statements and analyst data', async () => {
    const company = await (await fundamentals()).company('AAPL');
    expect(company.stock).toMatchObject({ isin: ISIN, symbol: 'AAPL', demo: false });
    expect(company.stock.instrument).toBeUndefined();
    expect(company.stock.profile).toEqual({
      symbol: 'AAPL',
      companyName: 'Apple Inc.',
      isin: ISIN,
      exchange: 'NASDAQ Global Select',
      exchangeShortName: 'NASDAQ',
      currency: 'USD',
      country: 'US',
      sector: 'Technology',
      industry: 'Consumer Electronics',
      description:
        'Apple Inc. designs, manufactures, and markets smartphones, personal computers, tablets, wearables, and accessories worldwide.',
      ceo: 'Timothy D. Cook',
      website: 'https://www.apple.com',
      fullTimeEmployees: 164_000,
      ipoDate: '1980-12-12',
      address: 'One Apple Park Way',
      city: 'Cupertino',
      phone: '(408) 996-1010',
      beta: 1.109,
      sharesOutstanding: 14_697_924_749,
      floatShares: 14_664_480_994,
      lastDiv: 1.04,
      volAvg: 47_424_558,
      isEtf: false,
      isActivelyTrading: true,
    });

    const { income, balance, cash } = company.statements;
    expect(income.annual.map((s) => [s.date, s.period, s.calendarYear])).toEqual([
      ['2024-09-28', 'FY', '2024'],
      ['2023-09-28', 'FY', '2023'],
      ['2022-09-28', 'FY', '2022'],
      ['2021-09-28', 'FY', '2021'],
      ['2020-09-28', 'FY', '2020'],
    ]);
    expect(income.quarter).toHaveLength(QUARTER_PERIODS);
    expect(income.quarter.slice(0, 5).map((s) => `${s.calendarYear} ${s.period}`)).toEqual([
      '2024 Q4',
      '2024 Q3',
      '2024 Q2',
      '2024 Q1',
      '2023 Q4',
    ]);
    // The documented fiscal 2024 statements, in core's shape.
    expect(income.annual[0]).toMatchObject({
      fillingDate: '2024-11-01',
      revenue: 391_035_000_000,
      epsdiluted: 6.08,
    });
    expect(balance.annual[0]).toMatchObject({
      totalAssets: 364_980_000_000,
      netDebt: 76_686_000_000,
    });
    expect(cash.annual[0]).toMatchObject({
      freeCashFlow: 108_807_000_000,
      dividendsPaid: -15_234_000_000,
    });
    expect(income.annual[0]).not.toHaveProperty('cik');
    expect(income.annual[0]).not.toHaveProperty('filingDate');

    expect(company.analyst).toEqual({
      symbol: 'AAPL',
      ratings: { strongBuy: 1, buy: 29, hold: 11, sell: 4, strongSell: 0 },
      consensus: 'Buy',
      priceTarget: { high: 300, low: 200, median: 258, consensus: 251.7, currency: 'USD' },
      grades: [
        {
          date: '2025-01-31',
          gradingCompany: 'Morgan Stanley',
          previousGrade: 'Overweight',
          newGrade: 'Overweight',
          action: 'maintain',
        },
        {
          date: '2025-01-21',
          gradingCompany: 'Jefferies',
          previousGrade: 'Hold',
          newGrade: 'Underperform',
          action: 'downgrade',
          // Jefferies' target and the close of that day, from its price-target news.
          priceTarget: 200.75,
          priceWhenPosted: 229.98,
        },
      ],
    });
    expect(company).not.toHaveProperty('refused');
  });

  it('asks every stable endpoint with the symbol as a query parameter, none with it in the path', async () => {
    await (await fundamentals()).company('MSFT');
    const own = fmp.server.requests;
    expect(own.length).toBeGreaterThan(10);
    for (const url of own) {
      expect(url.pathname).toMatch(/^\/stable\/[a-z-/]+$/);
      expect(url.searchParams.get('symbol')).toBe('MSFT');
    }
  });

  it('gives core’s TTM four consecutive quarters, fiscal years as core reads them', async () => {
    const { statements } = await (await fundamentals()).company('AAPL');
    const ttm = ttmIncomeStatement(statements.income.quarter);
    // The stub's fiscal-2024 quarters split the documented year, so their TTM is that year.
    expect(ttm?.revenue).toBe(391_035_000_000);
    expect(ttm?.grossProfitRatio).toBeCloseTo(180_683 / 391_035, 12);
  });

  it('carries the 24- and 36-month mean closes as of the run, from three years of daily bars', async () => {
    const clock = () => new Date('2026-11-24T22:00:00Z');
    const company = await (await fundamentals({}, { clock })).company('AAPL');
    const closes = company.stock.averageCloses!;
    expect(closes.asOf).toBe('2026-11-24');
    // The stub closes at 200 in the last 24 months and at 80 before.
    expect(closes.months24).toBeCloseTo(200, 9);
    expect(closes.months36).toBeGreaterThan(150);
    expect(closes.months36).toBeLessThan(170);
  });

  it('carries no averages for a listing younger than their windows', async () => {
    const bar = { date: '2026-11-24', open: 1, high: 1, low: 1, close: 1, volume: 1 };
    const recentOnly: StubRoute = (url) => ({
      body:
        url.pathname === STABLE_DAILY_PATH
          ? [{ symbol: 'AAPL', ...bar }]
          : { symbol: 'AAPL', historical: [bar] },
    });
    const company = await (
      await fundamentals(dailyRoutes(recentOnly), {
        clock: () => new Date('2026-11-24T22:00:00Z'),
      })
    ).company('AAPL');
    expect(company.stock.averageCloses).toEqual({ asOf: '2026-11-24' });
  });

  it('fails the company when its price history cannot be read (after retries)', async () => {
    const source = await fundamentals(dailyRoutes(() => ({ status: 503 })));
    const error = await providerFailure(source.company('AAPL'));
    expect(error.status).toBe(503);
    expect(error.path).toMatch(/historical-price/);
  });

  it('asks for the configured number of annual and quarterly statements', async () => {
    await (await fundamentals({}, { annualLimit: 5, quarterLimit: 12 })).company('AAPL');
    const asked = fmp.server.requests
      .filter((u) => u.pathname === '/stable/income-statement')
      .map((u) => ['symbol', 'period', 'limit'].map((p) => u.searchParams.get(p)).join(':'))
      .sort();
    expect(asked).toEqual(['AAPL:annual:5', 'AAPL:quarter:12']);
  });

  it('maps null statement amounts to 0', async () => {
    const [documented] = stableSample('income-statement');
    const company = await (
      await fundamentals({
        '/stable/income-statement': (url) => ({
          body: [
            {
              ...documented,
              period: url.searchParams.get('period') === 'quarter' ? 'Q4' : 'FY',
              researchAndDevelopmentExpenses: null,
              interestIncome: null,
            },
          ],
        }),
      })
    ).company('AAPL');
    expect(company.statements.income.annual[0]).toMatchObject({
      revenue: 391_035_000_000,
      researchAndDevelopmentExpenses: 0,
      interestIncome: 0,
    });
  });

  it('leaves analyst data out when FMP has none (404 or empty answers), refusing nothing', async () => {
    const missing = await (await fundamentals({ [RATINGS_PATH]: undefined })).company('AAPL');
    expect(missing.analyst).toBeUndefined();
    expect(missing.refused).toBeUndefined();

    const empty = await (await fundamentals({ [PRICE_TARGETS_PATH]: reply([]) })).company('AAPL');
    expect(empty.analyst).toBeUndefined();
    expect(empty.refused).toBeUndefined();
  });

  it('keeps the grades without targets when FMP has no price-target news (404)', async () => {
    const company = await (await fundamentals({ [TARGET_NEWS_PATH]: undefined })).company('AAPL');
    expect(company.analyst?.grades.map((g) => g.gradingCompany)).toEqual([
      'Morgan Stanley',
      'Jefferies',
    ]);
    for (const grade of company.analyst?.grades ?? []) {
      expect(grade).not.toHaveProperty('priceTarget');
      expect(grade).not.toHaveProperty('priceWhenPosted');
    }
  });

  it('fails the company when an analyst call fails otherwise (after retries)', async () => {
    const source = await fundamentals({ [GRADES_PATH]: () => ({ status: 503 }) });
    const error = await providerFailure(source.company('AAPL'));
    expect(error).toMatchObject({ status: 503, path: GRADES_PATH });
    expect(fmp.server.count(GRADES_PATH)).toBe(3);
  });

  it('keeps the last grades asked for, newest first, and pages the news as far back', async () => {
    const source = await fundamentals({}, { gradesLimit: 1, targetNewsLimit: 40 });
    const company = await source.company('AAPL');
    expect(company.analyst?.grades.map((g) => g.date)).toEqual(['2025-01-31']);
    const news = fmp.server.requests.find((u) => u.pathname === TARGET_NEWS_PATH);
    expect([news?.searchParams.get('page'), news?.searchParams.get('limit')]).toEqual(['0', '40']);
  });

  describe('refusals by the key’s plan', () => {
    it('returns a company without analyst data, naming the refused endpoint in FMP’s words', async () => {
      const { client } = refusing(await stubClient(), [GRADES_PATH]);
      const company = await createFmpFundamentals(client).company('AAPL');
      expect(company.analyst).toBeUndefined();
      expect(company.refused).toEqual([{ endpoint: GRADES_PATH, message: LEGACY_WORDS }]);
      // The rest of the company is there: a refusal of an optional part is not a failure.
      expect(company.stock.profile.sharesOutstanding).toBe(14_697_924_749);
      expect(company.statements.income.annual).toHaveLength(ANNUAL_PERIODS);
    });

    it('names every refused analyst endpoint', async () => {
      const { client } = refusing(await stubClient(), [RATINGS_PATH, TARGET_NEWS_PATH]);
      const company = await createFmpFundamentals(client).company('AAPL');
      expect(company.analyst).toBeUndefined();
      expect(company.refused?.map((r) => r.endpoint).sort()).toEqual(
        [RATINGS_PATH, TARGET_NEWS_PATH].sort(),
      );
    });

    it('keeps the analyst data, its grades without targets, when only the price-target news is refused', async () => {
      const { client } = refusing(await stubClient(), [TARGET_NEWS_PATH]);
      const company = await createFmpFundamentals(client).company('AAPL');
      expect(company.analyst?.consensus).toBe('Buy');
      expect(company.analyst?.grades.length).toBeGreaterThan(0);
      for (const grade of company.analyst?.grades ?? []) {
        expect(grade).not.toHaveProperty('priceTarget');
      }
      expect(company.refused).toEqual([{ endpoint: TARGET_NEWS_PATH, message: LEGACY_WORDS }]);
    });

    it('does not ask the analyst endpoints again for the next company, and still reports them', async () => {
      const { client, asked } = refusing(await stubClient(), [GRADES_PATH]);
      const source = createFmpFundamentals(client);
      await source.company('AAPL');
      const msft = await source.company('MSFT');
      expect(msft.analyst).toBeUndefined();
      expect(msft.refused).toEqual([{ endpoint: GRADES_PATH, message: LEGACY_WORDS }]);
      for (const path of [GRADES_PATH, RATINGS_PATH, PRICE_TARGETS_PATH, TARGET_NEWS_PATH]) {
        expect(asked(path), path).toBe(1);
      }
    });

    it('derives the share count from the profile when the share float is refused, and says so', async () => {
      const { client } = refusing(await stubClient(), [SHARES_FLOAT_PATH]);
      const company = await createFmpFundamentals(client).company('AAPL');
      const derived = Math.round(3_900_351_299_800 / 262.82);
      expect(company.stock.profile).toMatchObject({
        sharesOutstanding: derived,
        floatShares: derived,
      });
      expect(company.refused).toEqual([{ endpoint: SHARES_FLOAT_PATH, message: LEGACY_WORDS }]);
      expect(company.analyst?.consensus).toBe('Buy');
    });

    it.each([PROFILE_PATH, '/stable/income-statement', '/stable/cash-flow-statement'])(
      'fails the company when the plan refuses a required part (%s), in FMP’s words',
      async (path) => {
        const { client } = refusing(await stubClient(), [path]);
        const error = await providerFailure(createFmpFundamentals(client).company('AAPL'));
        expect(error.refusedByPlan).toBe(true);
        expect(error.path).toBe(path);
        expect(error.message).toContain(LEGACY_WORDS);
      },
    );
  });

  it('derives the share count from the profile’s market cap and price when FMP has no float', async () => {
    const company = await (await fundamentals({ [SHARES_FLOAT_PATH]: reply([]) })).company('AAPL');
    // FMP's market cap is its price times its share count, so the division gives the count back.
    expect(company.stock.profile).toMatchObject({
      sharesOutstanding: 14_840_390_000,
      floatShares: 14_840_390_000,
    });
    expect(company.refused).toBeUndefined();
  });

  it('fails the company when FMP knows no share count at all', async () => {
    const source = await fundamentals({
      [SHARES_FLOAT_PATH]: reply([]),
      [PROFILE_PATH]: () => ({ body: [fmpProfile('AAPL', { marketCap: null })] }),
    });
    const error = await providerFailure(source.company('AAPL'));
    expect(error.notFound).toBe(true);
    expect(error.message).toContain('no share count');
  });

  it.each([
    ['null', { fullTimeEmployees: null, ipoDate: null }],
    ['blank', { fullTimeEmployees: '', ipoDate: '' }],
  ])(
    'keeps a %s head count and IPO date as not reported, never 0 or a made-up day',
    async (_case, overrides) => {
      const source = await fundamentals({
        [PROFILE_PATH]: () => ({ body: [fmpProfile('AAPL', { isin: ISIN, ...overrides })] }),
      });
      const { profile } = (await source.company('AAPL')).stock;
      expect(profile.fullTimeEmployees).toBeNull();
      expect(profile.ipoDate).toBeNull();
    },
  );

  it('fails an unknown symbol (FMP answers [])', async () => {
    const source = await fundamentals();
    expect((await providerFailure(source.company('ZZZZ'))).notFound).toBe(true);
    expect(fmp.server.requests).toHaveLength(1); // nothing else asked for
  });

  it.each([
    ['no ISIN', { isin: null }, 'no valid ISIN'],
    ['a malformed ISIN', { isin: 'US03783' }, 'no valid ISIN'],
    ['an ETF', { isEtf: true }, 'an ETF'],
    ['another symbol', { symbol: 'AAPL.NE' }, 'profile is for AAPL.NE'],
  ])('rejects a profile with %s', async (_case, overrides, message) => {
    const source = await fundamentals({
      [PROFILE_PATH]: () => ({ body: [fmpProfile('AAPL', { isin: ISIN, ...overrides })] }),
    });
    const error = await providerFailure(source.company('AAPL'));
    expect(error.kind).toBe('invalid');
    expect(error.message).toContain(message);
  });

  it('rejects a statement with a field of the wrong type, without retrying', async () => {
    const cash = companiesRoutes([{ symbol: 'AAPL', isin: ISIN }])['/stable/cash-flow-statement']!;
    const source = await fundamentals({
      '/stable/cash-flow-statement': (url, n) => {
        const [first, ...rest] = cash(url, n).body as object[];
        return { body: [{ ...first, freeCashFlow: '12' }, ...rest] };
      },
    });
    const error = await providerFailure(source.company('AAPL'));
    expect(error.kind).toBe('invalid');
    expect(error.message).toContain('0.freeCashFlow');
    // Each period asked once at most: a validation failure is not retried.
    const periods = fmp.server.requests
      .filter((u) => u.pathname === '/stable/cash-flow-statement')
      .map((u) => u.searchParams.get('period'));
    expect(new Set(periods).size).toBe(periods.length);
  });

  it('rejects a quarterly set that holds an annual statement', async () => {
    const source = await fundamentals({
      '/stable/income-statement': reply(stableSample('income-statement')),
    });
    const error = await providerFailure(source.company('AAPL'));
    expect(error.message).toContain('quarter set holds AAPL FY');
  });
});

describe('analyst mapping', () => {
  it('takes the consensus as the rounded mean rating', () => {
    expect(consensusOf({ strongBuy: 1, buy: 0, hold: 0, sell: 0, strongSell: 0 })).toBe(
      'Strong Buy',
    );
    expect(consensusOf({ strongBuy: 0, buy: 0, hold: 5, sell: 0, strongSell: 0 })).toBe('Hold');
    expect(consensusOf({ strongBuy: 1, buy: 0, hold: 0, sell: 0, strongSell: 3 })).toBe('Sell');
    expect(consensusOf({ strongBuy: 0, buy: 0, hold: 0, sell: 0, strongSell: 2 })).toBe(
      'Strong Sell',
    );
    expect(consensusOf({ strongBuy: 0, buy: 0, hold: 0, sell: 0, strongSell: 0 })).toBeUndefined();
    // FMP's documented counts for Apple, whose consensus FMP names "Buy" too.
    expect(consensusOf({ strongBuy: 1, buy: 29, hold: 11, sell: 4, strongSell: 0 })).toBe('Buy');
  });

  it.each([
    ['upgrade', 'upgrade'],
    ['Downgrade', 'downgrade'],
    ['init', 'initiate'],
    ['initialise', 'initiate'],
    ['hold', 'maintain'],
    ['maintain', 'maintain'],
    ['reiterated', 'maintain'],
  ] as const)('maps the action %s to %s', (fmp, core) => {
    expect(gradeAction(fmp)).toBe(core);
  });
});
