import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Invalid } from '../domain-errors';
import { CURRENCIES, DEMO_PER_USD, type Currency, type FxRates } from '../market/fx';
import type { Close } from './performance';
import { portfolioSummary, type PortfolioSummary } from './summary';
import type { PortfolioSummaryInput, SymbolMarket } from './summary-inputs';
import type { Transaction } from './transactions';
import { zakatSettingsSchema } from './zakat';

const buy = (date: string, symbol: string, quantity: number, price: number, fees = 0) =>
  ({
    type: 'buy',
    id: `b-${symbol}-${date}-${quantity}`,
    date,
    symbol,
    quantity,
    price,
    fees,
    currency: 'USD',
  }) satisfies Transaction;
const sell = (date: string, symbol: string, quantity: number, price: number, fees = 0) =>
  ({
    ...buy(date, symbol, quantity, price, fees),
    type: 'sell',
    id: `s-${symbol}-${date}`,
  }) satisfies Transaction;
const dividend = (date: string, symbol: string, amount: number, taxWithheld = 0) =>
  ({
    type: 'dividend',
    id: `d-${symbol}-${date}`,
    date,
    symbol,
    amount,
    taxWithheld,
    currency: 'USD',
  }) satisfies Transaction;

const closes = (...pairs: [string, number][]): Close[] =>
  pairs.map(([date, close]) => ({ date, close }));

const input = (
  transactions: readonly Transaction[],
  market: Record<string, SymbolMarket>,
  extra: Partial<PortfolioSummaryInput> = {},
): PortfolioSummaryInput => ({
  portfolio: { currency: 'USD', transactions },
  today: '2024-06-28',
  standard: 'aaoifi',
  market: new Map(Object.entries(market)),
  rates: DEMO_PER_USD,
  ...extra,
});

describe('portfolioSummary — worked example', () => {
  // AAA: buy 10 at 100 with a 10 fee (101 a share), buy 10 at 120, sell 15 at 130 with a 5 fee
  // (realized 1,945 − (10 × 101 + 5 × 120) = 335); 5 held at 150 now: value 750, cost 600.
  // Dividend on AAA: 8.50 received, 1.50 withheld (10.00 gross); FY2023 share 3 %: 0.30.
  // BBB: 20 bought at 50, now 40: value 800, cost 1,000, unrealized −200.
  const transactions = [
    buy('2024-01-02', 'AAA', 10, 100, 10),
    buy('2024-02-01', 'AAA', 10, 120),
    buy('2024-02-01', 'BBB', 20, 50),
    sell('2024-03-01', 'AAA', 15, 130, 5),
    dividend('2024-05-15', 'AAA', 8.5, 1.5),
  ];
  const market: Record<string, SymbolMarket> = {
    AAA: {
      currency: 'USD',
      price: 150,
      closes: closes(['2024-01-02', 101], ['2024-06-28', 150]),
      sector: 'Technology',
      country: 'US',
      verdicts: { aaoifi: 'compliant', djim: 'questionable' },
      nonPermissibleShares: [{ periodEnd: '2023-12-31', share: 0.03 }],
    },
    BBB: {
      currency: 'USD',
      price: 40,
      closes: closes(['2024-02-01', 50], ['2024-06-28', 40]),
      sector: 'Energy',
      country: 'US',
      verdicts: { aaoifi: 'non-compliant' },
      override: 'questionable',
    },
  };
  const summary = portfolioSummary(input(transactions, market));

  it('has a row per holding with cost, value, gains, dividends, verdicts and weight', () => {
    const [aaa, bbb] = summary.holdings;
    expect(aaa).toMatchObject({
      symbol: 'AAA',
      quantity: 5,
      costBasis: 600,
      price: 150,
      marketValue: 750,
      unrealizedGain: 150,
      realizedGain: 335,
      dividends: 8.5,
      verdict: 'compliant',
      weight: 750 / 1550,
      missing: [],
    });
    expect(bbb).toMatchObject({
      marketValue: 800,
      unrealizedGain: -200,
      verdict: 'non-compliant',
      override: 'questionable',
    });
    expect(summary.totals).toMatchObject({
      marketValue: 1550,
      costBasis: 1600,
      unrealizedGain: -50,
      realizedGain: 335,
      dividends: 8.5,
      unvalued: [],
    });
  });

  it('splits the value by sector and verdict, and under each standard', () => {
    expect(summary.allocation.sector).toEqual([
      { label: 'Energy', value: 800, share: 800 / 1550 },
      { label: 'Technology', value: 750, share: 750 / 1550 },
    ]);
    expect(summary.compliance.aaoifi).toEqual({
      compliant: 750 / 1550,
      questionable: 0,
      'non-compliant': 800 / 1550,
      unknown: 0,
    });
    expect(summary.compliance.djim.unknown).toBeCloseTo(800 / 1550, 12);
  });

  it('purifies the dividend: 10.00 gross × 3 % = 0.30 under AAOIFI, totalled per year', () => {
    const [aaoifi] = summary.purification.dividends[0]!.amounts;
    expect(aaoifi).toEqual({
      standard: 'aaoifi',
      amount: 0.3,
      share: 0.03,
      periodEnd: '2023-12-31',
    });
    expect(summary.purification.byYear).toContainEqual({
      key: '2024',
      standard: 'aaoifi',
      amount: 0.3,
      missingInputs: 0,
    });
  });

  it('values every weekday from the first trade to today (within a year), with ALL performance', () => {
    if ('missing' in summary.valueSeries) throw new Error(summary.valueSeries.missing);
    const series = summary.valueSeries;
    expect(series[0]!.date).toBe('2024-01-02');
    expect(series.at(-1)!.date).toBe('2024-06-28');
    // 2 January to 28 June 2024: 26 weeks less a day, 129 weekdays.
    expect(series).toHaveLength(129);
    // The sale's day: AAA's 5 shares at the sale's price (no close since), BBB at its close.
    const saleDay = series.find((p) => p.date === '2024-03-01')!;
    expect(saleDay).toMatchObject({ value: 5 * 130 + 20 * 50, outflow: 1945, inflow: 0 });
    expect(series.find((p) => p.date === '2024-05-15')!.dividends).toBe(8.5);
    expect(series.at(-1)!.value).toBe(1550);
    if ('missing' in summary.performance) throw new Error(summary.performance.missing);
    expect(summary.performance.map((p) => p.period)).toEqual(['1M', 'YTD', '1Y', '3Y', 'ALL']);
    expect(summary.benchmark).toEqual({ symbol: null });
  });
});

describe('portfolioSummary — missing inputs are named, never guessed', () => {
  it('a holding without a price has no value, and the totals say so', () => {
    const s = portfolioSummary(input([buy('2024-01-02', 'AAA', 1, 10)], {}));
    expect(s.holdings[0]).toMatchObject({
      marketValue: null,
      unrealizedGain: null,
      weight: null,
      missing: ['the price of AAA'],
    });
    expect(s.totals.unvalued).toEqual(['AAA']);
  });

  it('without rates, a foreign holding names the rate it lacks and the series is missing', () => {
    const t = { ...buy('2024-01-02', 'AAA', 1, 10), currency: 'EUR' as const };
    const s = portfolioSummary(
      input([t], { AAA: { currency: 'EUR', price: 12 } }, { rates: undefined }),
    );
    expect(s.holdings[0]!.missing).toEqual(['an exchange rate from EUR to USD']);
    expect(s.valueSeries).toEqual({ missing: 'an exchange rate from EUR to USD' });
    expect(s.performance).toEqual({ missing: 'an exchange rate from EUR to USD' });
  });

  it('without rates, a portfolio all in its own currency is complete', () => {
    const s = portfolioSummary(
      input(
        [buy('2024-01-02', 'AAA', 2, 10)],
        { AAA: { currency: 'USD', price: 12 } },
        { rates: undefined },
      ),
    );
    expect(s.totals.marketValue).toBe(24);
    expect(s.totals.cash).toBe(-20);
    expect(Array.isArray(s.valueSeries)).toBe(true);
  });

  it('a benchmark without closes, and a dividend without its period share, say which input', () => {
    const t = [buy('2024-01-02', 'AAA', 1, 10), dividend('2024-03-01', 'AAA', 1)];
    const p = portfolioSummary({
      ...input(t, { AAA: { currency: 'USD', price: 10 } }),
      portfolio: { currency: 'USD', benchmark: '^GSPC', transactions: t },
    });
    expect(p.benchmark).toEqual({ symbol: '^GSPC', missing: 'the daily closes of ^GSPC' });
    expect(p.purification.dividends[0]!.amounts[0]).toEqual({
      standard: 'aaoifi',
      missing:
        'the non-permissible income share of AAA for a fiscal period ending on or before 2024-03-01',
    });
  });

  it('throws Invalid for a transaction the ledger cannot take', () => {
    expect(() => portfolioSummary(input([sell('2024-01-02', 'AAA', 1, 10)], {}))).toThrow(Invalid);
  });
});

describe('portfolioSummary — performance and benchmark', () => {
  it('without flows after the first day the ALL return is the price return, beside the benchmark', () => {
    const base = input([buy('2024-01-02', 'AAA', 10, 100)], {
      AAA: {
        currency: 'USD',
        price: 130,
        closes: closes(['2024-01-02', 100], ['2024-03-01', 90], ['2024-06-28', 130]),
      },
    });
    const s = portfolioSummary({
      ...base,
      portfolio: { ...base.portfolio, benchmark: 'IDX' },
      benchmarkCloses: closes(['2023-12-29', 50], ['2024-01-02', 40], ['2024-06-28', 44]),
    });
    if ('missing' in s.performance) throw new Error(s.performance.missing);
    const all = s.performance.find((p) => p.period === 'ALL')!;
    expect(all.timeWeightedReturn).toBeCloseTo(0.3, 12);
    // Over the same days as the portfolio: from 2 January's close, 40 → 44.
    expect(all.benchmarkReturn).toBeCloseTo(0.1, 12);
    expect(s.benchmark).toEqual({ symbol: 'IDX' });
  });
});

describe('portfolioSummary — zakat on the day picked', () => {
  it("counts the shares held that day at that day's close", () => {
    const s = portfolioSummary(
      input(
        [buy('2024-01-02', 'AAA', 10, 100), buy('2024-05-01', 'AAA', 90, 100)],
        {
          AAA: {
            currency: 'USD',
            price: 150,
            closes: closes(['2024-01-02', 100], ['2024-03-28', 120], ['2024-06-28', 150]),
          },
        },
        {
          zakat: {
            settings: zakatSettingsSchema.parse({
              date: '2024-04-01',
              year: 'lunar',
              nisabMetal: 'silver',
              pricePerGram: 0.8,
            }),
            methods: { AAA: 'trading' },
          },
        },
      ),
    );
    // 10 shares at 120 (28 March's close) = 1,200 × 2.5 % = 30; 1,200 ≥ 595 × 0.80 = 476.
    expect(s.zakat).toMatchObject({ base: 1200, zakat: 30, meetsNisab: true, due: 30 });
  });
});

describe('portfolioSummary — zakat for investment', () => {
  it('values the shares from the latest balance sheet on the day, not a later one', () => {
    const sheet = (date: string, cash: number) => ({
      date,
      reportedCurrency: 'USD',
      cashAndCashEquivalents: cash,
      netReceivables: 1_000_000,
      inventory: 500_000,
      shortTermInvestments: 500_000,
    });
    const s = portfolioSummary(
      input(
        [buy('2024-01-02', 'AAA', 100, 10)],
        {
          AAA: {
            currency: 'USD',
            price: 12,
            // FY2023: (2,000,000 + 1,000,000 + 500,000 + 500,000) / 1,000,000 = 4.00 a share.
            balanceSheets: [sheet('2024-06-30', 9_000_000), sheet('2023-12-31', 2_000_000)],
            sharesOutstanding: 1_000_000,
          },
        },
        {
          zakat: {
            settings: zakatSettingsSchema.parse({
              date: '2024-06-01',
              year: 'solar',
              nisabMetal: 'silver',
              pricePerGram: 0.8,
            }),
          },
        },
      ),
    );
    // 100 × 4.00 = 400.00 × 2.577 % = 10.308; 400 < 595 × 0.80 = 476: below the nisab.
    expect(s.zakat!.holdings[0]).toMatchObject({ method: 'investment', perShare: 4, base: 400 });
    expect(s.zakat!.zakat).toBeCloseTo(10.308, 12);
    expect(s.zakat).toMatchObject({ meetsNisab: false, due: 0 });
  });
});

// Properties over random portfolios of buys (and partial sales) in several currencies, over the
// last weeks before today so each run values a few weeks only.
const currencyArb = fc.constantFrom<Currency>('USD', 'EUR', 'GBP', 'JPY');
const ratesArb: fc.Arbitrary<FxRates> = fc
  .tuple(...CURRENCIES.map(() => fc.double({ min: 0.01, max: 500, noNaN: true })))
  .map(
    (values) =>
      Object.fromEntries(CURRENCIES.map((c, i) => [c, c === 'USD' ? 1 : values[i]!])) as FxRates,
  );
const holdingArb = fc.record({
  currency: currencyArb,
  quantity: fc.integer({ min: 1, max: 1000 }),
  cost: fc.double({ min: 0.01, max: 1000, noNaN: true }),
  price: fc.double({ min: 0.01, max: 1000, noNaN: true }),
  sold: fc.integer({ min: 0, max: 1000 }),
});
type RandomHolding = ReturnType<typeof holdingArb.generate>['value'];
const portfolioArb = fc.array(holdingArb, { minLength: 1, maxLength: 8 });

function randomInput(
  holdings: readonly RandomHolding[],
  rates: FxRates | undefined,
  base: Currency,
  sameCurrency?: Currency,
): PortfolioSummaryInput {
  const transactions: Transaction[] = [];
  const market = new Map<string, SymbolMarket>();
  holdings.forEach((h, i) => {
    const symbol = `S${i}`;
    const currency = sameCurrency ?? h.currency;
    transactions.push({ ...buy('2024-06-03', symbol, h.quantity, h.cost), currency });
    const sold = Math.min(h.sold, h.quantity - 1);
    if (sold > 0) transactions.push({ ...sell('2024-06-14', symbol, sold, h.price), currency });
    market.set(symbol, {
      currency,
      price: h.price,
      closes: closes(['2024-06-03', h.cost], ['2024-06-28', h.price]),
      verdicts: { aaoifi: i % 2 === 0 ? 'compliant' : 'non-compliant' },
    });
  });
  return {
    portfolio: { currency: base, transactions },
    today: '2024-06-28',
    standard: 'aaoifi',
    market,
    rates,
  };
}

const close = (a: number, b: number) =>
  Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe('portfolioSummary — properties', () => {
  it('total value is the sum of the rows, weights sum to 1, allocations and splits to 1', () => {
    fc.assert(
      fc.property(portfolioArb, ratesArb, currencyArb, (holdings, rates, base) => {
        const s = portfolioSummary(randomInput(holdings, rates, base));
        const rows = s.holdings.reduce((sum, r) => sum + r.marketValue!, 0);
        expect(close(s.totals.marketValue, rows)).toBe(true);
        const weights = s.holdings.reduce((sum, r) => sum + r.weight!, 0);
        expect(close(weights, 1)).toBe(true);
        for (const slices of Object.values(s.allocation)) {
          expect(
            close(
              slices.reduce((sum, x) => sum + x.share, 0),
              1,
            ),
          ).toBe(true);
        }
        const split = s.compliance.msci;
        expect(
          close(
            Object.values(split).reduce((a, b) => a + b, 0),
            1,
          ),
        ).toBe(true);
        // The series ends at today's value.
        if ('missing' in s.valueSeries) throw new Error(s.valueSeries.missing);
        expect(close(s.valueSeries.at(-1)!.value, s.totals.marketValue)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('a portfolio in one currency at rates of 1 equals its single-currency sums', () => {
    const ones = Object.fromEntries(CURRENCIES.map((c) => [c, 1])) as FxRates;
    fc.assert(
      fc.property(portfolioArb, currencyArb, currencyArb, (holdings, listed, base) => {
        const converted = portfolioSummary(randomInput(holdings, ones, base, listed));
        const native = portfolioSummary(randomInput(holdings, undefined, listed, listed));
        const pick = (s: PortfolioSummary) => [
          s.totals.marketValue,
          s.totals.costBasis,
          s.totals.unrealizedGain,
          s.totals.realizedGain,
        ];
        const a = pick(converted);
        const b = pick(native);
        a.forEach((x, i) => expect(close(x, b[i]!)).toBe(true));
        const held = holdings.reduce(
          (sum, h) => sum + (h.quantity - Math.min(h.sold, h.quantity - 1)) * h.price,
          0,
        );
        expect(close(native.totals.marketValue, held)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});

describe('portfolioSummary — the closes a valuation day reads', () => {
  const at = (s: PortfolioSummary, date: string) => {
    if ('missing' in s.valueSeries) throw new Error(s.valueSeries.missing);
    return s.valueSeries.find((p) => p.date === date)!.value;
  };

  it("divides a close from before a split by its ratio when it is that day's latest", () => {
    // Riyadh trades on Sunday 3 March (100, before the split), the 2-for-1 split takes effect
    // Monday 4 March, which has no close: Monday's 20 shares are worth 20 × 50, not 20 × 100.
    const split: Transaction = {
      type: 'split',
      id: 'x',
      date: '2024-03-04',
      symbol: 'AAA',
      ratio: 2,
    };
    const s = portfolioSummary(
      input([buy('2024-01-02', 'AAA', 10, 100), split], {
        AAA: {
          currency: 'USD',
          price: 55,
          closes: closes(['2024-01-02', 100], ['2024-03-03', 100], ['2024-03-05', 52]),
        },
      }),
    );
    expect(at(s, '2024-03-01')).toBe(1000);
    expect(at(s, '2024-03-04')).toBe(1000);
    expect(at(s, '2024-03-05')).toBe(1040);
    expect(at(s, '2024-06-28')).toBe(1100);
  });

  it("values today at the live price, so the series ends at the rows' total", () => {
    const s = portfolioSummary(
      input([buy('2024-01-02', 'AAA', 10, 100)], {
        AAA: {
          currency: 'USD',
          price: 150,
          closes: closes(['2024-01-02', 100], ['2024-06-27', 140]),
        },
      }),
    );
    expect(at(s, '2024-06-27')).toBe(1400);
    expect(at(s, '2024-06-28')).toBe(1500);
    expect(s.totals.marketValue).toBe(1500);
  });
});
