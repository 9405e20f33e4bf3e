import { describe, expect, it } from 'vitest';
import { consensusOf, gradeAction } from './analyst';
import { createFmpFundamentals, type FmpFundamentalsOptions } from './fundamentals';
import { companiesRoutes, fmpProfile } from './testing/stub-fmp-fixtures';
import { providerFailure, reply, stubFmpPerTest } from './testing/stub-fmp-client';
import type { StubRoute } from './testing/stub-fmp-server';

const ISIN = 'US0378331005';

const fmp = stubFmpPerTest();

/** The AAPL routes with some replaced (undefined removes a route: it then answers 404). */
async function fundamentals(
  overrides: Record<string, StubRoute | undefined> = {},
  options?: FmpFundamentalsOptions,
) {
  const routes: Record<string, StubRoute> = {
    ...companiesRoutes([{ symbol: 'AAPL', isin: ISIN }]),
  };
  for (const [path, route] of Object.entries(overrides)) {
    if (route) routes[path] = route;
    else delete routes[path];
  }
  return createFmpFundamentals(await fmp.client(routes), options);
}

describe('FMP fundamentals', () => {
  it('assembles a company: profile, shares, statements and analyst data', async () => {
    const company = await (await fundamentals()).company('AAPL');
    expect(company.stock).toMatchObject({ isin: ISIN, symbol: 'AAPL', demo: false });
    expect(company.stock.instrument).toBeUndefined();
    expect(company.stock.profile).toEqual({
      symbol: 'AAPL',
      companyName: 'AAPL Inc.',
      isin: ISIN,
      exchange: 'NASDAQ Global Select',
      exchangeShortName: 'NASDAQ',
      currency: 'USD',
      country: 'US',
      sector: 'Technology',
      industry: 'Consumer Electronics',
      description: 'Designs phones.',
      ceo: 'Mr. Timothy D. Cook',
      website: 'https://www.example.com',
      fullTimeEmployees: 161_000,
      ipoDate: '1980-12-12',
      address: 'One Apple Park Way',
      city: 'Cupertino',
      phone: '408 996 1010',
      beta: 1.29,
      sharesOutstanding: 15_200_000_000,
      floatShares: 15_100_000_000,
      lastDiv: 0.96,
      isEtf: false,
      isActivelyTrading: true,
    });

    const { income, balance, cash } = company.statements;
    expect(income.annual.map((s) => [s.date, s.period])).toEqual([
      ['2024-09-28', 'FY'],
      ['2023-09-28', 'FY'],
    ]);
    expect(income.quarter.map((s) => s.period)).toEqual(['Q4', 'Q3']);
    expect(balance.annual[0]).toMatchObject({ symbol: 'AAPL', calendarYear: '2024' });
    expect(cash.quarter[0]?.netCashProvidedByOperatingActivities).toBeTypeOf('number');
    // FMP's extra fields are not stored.
    expect(income.annual[0]).not.toHaveProperty('link');
    expect(income.annual[0]).not.toHaveProperty('cik');

    expect(company.analyst).toEqual({
      symbol: 'AAPL',
      // The newest monthly snapshot (November), not the first one listed.
      ratings: { strongBuy: 10, buy: 21, hold: 9, sell: 1, strongSell: 0 },
      consensus: 'Buy',
      priceTarget: { high: 300, low: 180, median: 245, consensus: 240.5, currency: 'USD' },
      grades: [
        {
          date: '2024-11-05',
          gradingCompany: 'Broker B',
          previousGrade: 'Neutral',
          newGrade: 'Overweight',
          action: 'upgrade',
          // Broker B's target published with the upgrade (/v4/price-target).
          priceTarget: 260,
          priceWhenPosted: 222.1,
        },
        {
          date: '2024-10-02',
          gradingCompany: 'Broker A',
          previousGrade: '',
          newGrade: 'Buy',
          action: 'initiate',
          priceWhenPosted: 226.7,
        },
      ],
    });
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
    const recentOnly = reply({ symbol: 'AAPL', historical: [bar] });
    const company = await (
      await fundamentals(
        { '/v3/historical-price-full/AAPL': recentOnly },
        { clock: () => new Date('2026-11-24T22:00:00Z') },
      )
    ).company('AAPL');
    expect(company.stock.averageCloses).toEqual({ asOf: '2026-11-24' });
  });

  it('fails the company when its price history cannot be read (after retries)', async () => {
    const source = await fundamentals({
      '/v3/historical-price-full/AAPL': () => ({ status: 503 }),
    });
    const error = await providerFailure(source.company('AAPL'));
    expect(error).toMatchObject({ status: 503, path: '/v3/historical-price-full/AAPL' });
  });

  it('asks for the configured number of annual and quarterly statements', async () => {
    await (await fundamentals({}, { annualLimit: 5, quarterLimit: 12 })).company('AAPL');
    const asked = fmp.server.requests
      .filter((u) => u.pathname === '/v3/income-statement/AAPL')
      .map((u) => `${u.searchParams.get('period')}:${u.searchParams.get('limit')}`)
      .sort();
    expect(asked).toEqual(['annual:5', 'quarter:12']);
  });

  it('maps null statement amounts to 0', async () => {
    const company = await (
      await fundamentals({
        '/v3/income-statement/AAPL': (url) => ({
          body: [
            {
              ...incomeSample,
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

  it('leaves analyst data out when FMP has none (404 or empty answers)', async () => {
    const missing = await (
      await fundamentals({ '/v3/analyst-stock-recommendations/AAPL': undefined })
    ).company('AAPL');
    expect(missing.analyst).toBeUndefined();

    const empty = await (
      await fundamentals({ '/v4/price-target-consensus': reply([]) })
    ).company('AAPL');
    expect(empty.analyst).toBeUndefined();
  });

  it('keeps the grades without targets when FMP has no price-target news (404)', async () => {
    const company = await (await fundamentals({ '/v4/price-target': undefined })).company('AAPL');
    expect(company.analyst?.grades.map((g) => g.gradingCompany)).toEqual(['Broker B', 'Broker A']);
    for (const grade of company.analyst?.grades ?? [])
      expect(grade).not.toHaveProperty('priceTarget');
  });

  it('fails the company when an analyst call fails otherwise (after retries)', async () => {
    const source = await fundamentals({ '/v4/upgrades-downgrades': () => ({ status: 503 }) });
    const error = await providerFailure(source.company('AAPL'));
    expect(error).toMatchObject({ status: 503, path: '/v4/upgrades-downgrades' });
    expect(fmp.server.count('/v4/upgrades-downgrades')).toBe(3);
  });

  it('takes the share count from the quote when FMP has no float', async () => {
    const company = await (
      await fundamentals({
        '/v4/shares_float': reply([]),
        '/v3/quote/AAPL': () => ({ body: [{ symbol: 'AAPL', sharesOutstanding: 15_000_000_000 }] }),
      })
    ).company('AAPL');
    expect(company.stock.profile).toMatchObject({
      sharesOutstanding: 15_000_000_000,
      floatShares: 15_000_000_000,
    });
  });

  it('fails an unknown symbol (FMP answers [])', async () => {
    const source = await fundamentals({ '/v3/profile/AAPL': reply([]) });
    expect((await providerFailure(source.company('AAPL'))).notFound).toBe(true);
    expect(fmp.server.requests).toHaveLength(1); // nothing else asked for
  });

  it.each([
    ['no ISIN', { isin: null }, 'no valid ISIN'],
    ['a malformed ISIN', { isin: 'US03783' }, 'no valid ISIN'],
    ['an ETF', { isEtf: true }, 'an ETF'],
    ['another symbol', { symbol: 'AAPL.NE' }, 'profile is for AAPL.NE'],
  ])('rejects a profile with %s', async (_case, overrides, message) => {
    const source = await fundamentals({
      '/v3/profile/AAPL': () => ({ body: [fmpProfile('AAPL', { isin: ISIN, ...overrides })] }),
    });
    const error = await providerFailure(source.company('AAPL'));
    expect(error.kind).toBe('invalid');
    expect(error.message).toContain(message);
  });

  it('rejects a statement with a field of the wrong type, without retrying', async () => {
    const cash = companiesRoutes([{ symbol: 'AAPL', isin: ISIN }])['/v3/cash-flow-statement/AAPL']!;
    const source = await fundamentals({
      '/v3/cash-flow-statement/AAPL': (url, n) => {
        const [first, ...rest] = cash(url, n).body as object[];
        return { body: [{ ...first, freeCashFlow: '12' }, ...rest] };
      },
    });
    const error = await providerFailure(source.company('AAPL'));
    expect(error.kind).toBe('invalid');
    expect(error.message).toContain('0.freeCashFlow');
    // Each period asked once at most: a validation failure is not retried.
    const periods = fmp.server.requests
      .filter((u) => u.pathname === '/v3/cash-flow-statement/AAPL')
      .map((u) => u.searchParams.get('period'));
    expect(new Set(periods).size).toBe(periods.length);
  });

  it('rejects a quarterly set that holds an annual statement', async () => {
    const source = await fundamentals({
      '/v3/income-statement/AAPL': () => ({ body: [{ ...incomeSample, period: 'FY' }] }),
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
  });

  it.each([
    ['upgrade', 'upgrade'],
    ['Downgrade', 'downgrade'],
    ['init', 'initiate'],
    ['initialise', 'initiate'],
    ['hold', 'maintain'],
    ['reiterated', 'maintain'],
  ] as const)('maps the action %s to %s', (fmp, core) => {
    expect(gradeAction(fmp)).toBe(core);
  });
});

/** An annual income statement as FMP sends it (AAPL FY2024). */
const incomeSample = {
  date: '2024-09-28',
  symbol: 'AAPL',
  reportedCurrency: 'USD',
  cik: '0000320193',
  fillingDate: '2024-11-01',
  acceptedDate: '2024-11-01 06:01:36',
  calendarYear: '2024',
  period: 'FY',
  revenue: 391_035_000_000,
  costOfRevenue: 210_352_000_000,
  grossProfit: 180_683_000_000,
  grossProfitRatio: 0.4621,
  researchAndDevelopmentExpenses: 31_370_000_000,
  generalAndAdministrativeExpenses: 0,
  sellingAndMarketingExpenses: 0,
  sellingGeneralAndAdministrativeExpenses: 26_097_000_000,
  otherExpenses: 0,
  operatingExpenses: 57_467_000_000,
  costAndExpenses: 267_819_000_000,
  interestIncome: 0,
  interestExpense: 0,
  depreciationAndAmortization: 11_445_000_000,
  ebitda: 134_661_000_000,
  ebitdaratio: 0.3444,
  operatingIncome: 123_216_000_000,
  operatingIncomeRatio: 0.3151,
  totalOtherIncomeExpensesNet: 269_000_000,
  incomeBeforeTax: 123_485_000_000,
  incomeBeforeTaxRatio: 0.3158,
  incomeTaxExpense: 29_749_000_000,
  netIncome: 93_736_000_000,
  netIncomeRatio: 0.2397,
  eps: 6.11,
  epsdiluted: 6.08,
  weightedAverageShsOut: 15_343_783_000,
  weightedAverageShsOutDil: 15_408_095_000,
  link: 'https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/0000320193-24-000123-index.htm',
  finalLink: 'https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm',
};
