import { describe, expect, it } from 'vitest';
import {
  dailyBarsSchema,
  forexQuotesSchema,
  intradayBarsSchema,
  quoteSchema,
  quotesSchema,
} from './market-data-schemas';
import { stableFixture, stableRow } from './testing/stable-fixtures';

describe('FMP stable price schemas, over FMP’s documented answers', () => {
  it.each(['quote', 'batch-quote'] as const)(
    'read the %s answer, dropping what we do not use',
    (name) => {
      expect(quotesSchema.parse(stableFixture(name))).toEqual([
        {
          symbol: 'AAPL',
          price: 232.8,
          changePercentage: 2.1008,
          change: 4.79,
          volume: 44_489_128,
          dayLow: 226.65,
          dayHigh: 233.13,
          yearHigh: 260.1,
          yearLow: 164.08,
          marketCap: 3_500_823_120_000,
          priceAvg50: 240.2278,
          priceAvg200: 219.98755,
          exchange: 'NASDAQ',
          open: 227.2,
          previousClose: 228.01,
          timestamp: 1_738_702_801,
        },
      ]);
    },
  );

  it('takes null figures, and the ones we do not read missing, but not a missing price', () => {
    expect(
      quoteSchema.safeParse(stableRow('quote', { dayLow: null, marketCap: null })).success,
    ).toBe(true);
    const {
      marketCap: _m,
      priceAvg50: _a,
      priceAvg200: _b,
      exchange: _e,
      ...lean
    } = stableRow('quote');
    expect(quoteSchema.safeParse(lean).success).toBe(true);
    expect(quoteSchema.safeParse(stableRow('quote', { price: null })).success).toBe(false);
    // The legacy name of the percentage is not the stable one.
    const { changePercentage: _p, ...legacy } = stableRow('quote', { changesPercentage: 2.1 });
    expect(quoteSchema.safeParse(legacy).success).toBe(false);
  });

  it('reads the flat daily list, dropping change, changePercent and vwap', () => {
    expect(dailyBarsSchema.parse(stableFixture('historical-price-eod-full'))).toEqual([
      {
        date: '2025-02-04',
        open: 227.2,
        high: 233.13,
        low: 226.65,
        close: 232.8,
        volume: 44_489_128,
      },
    ]);
    expect(dailyBarsSchema.safeParse({ historical: [] }).success).toBe(false);
  });

  it.each(['historical-chart-1min', 'historical-chart-5min'] as const)(
    'reads the %s bars, dated exchange-local to the second',
    (name) => {
      const [bar] = intradayBarsSchema.parse(stableFixture(name));
      expect(bar?.date).toMatch(/^2025-02-04 15:5\d:00$/);
      expect(intradayBarsSchema.safeParse([{ ...bar, date: '2025-02-04T15:59:00Z' }]).success).toBe(
        false,
      );
    },
  );

  it('reads the forex quotes', () => {
    const quotes = forexQuotesSchema.parse(stableFixture('batch-forex-quotes'));
    expect(quotes[0]).toEqual({ symbol: 'AEDAUD', price: 0.41372 });
    expect(quotes.map((q) => q.symbol)).toContain('USDJPY');
  });
});
