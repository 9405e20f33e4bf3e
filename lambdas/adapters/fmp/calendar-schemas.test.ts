import { describe, expect, it } from 'vitest';
import {
  dividendsSchema,
  earningsListSchema,
  earningsSchema,
  splitsSchema,
} from './calendar-schemas';
import { stableFixture, stableRow } from './testing/stable-fixtures';

describe('FMP stable calendar schemas, over FMP’s documented answers', () => {
  it('read the earnings calendar and AAPL’s earnings, figures null until reported', () => {
    expect(earningsListSchema.parse(stableFixture('earnings-calendar'))).toEqual([
      { symbol: 'KEC.NS', date: '2024-11-04', epsActual: 3.32, epsEstimated: 4.97 },
    ]);
    expect(earningsListSchema.parse(stableFixture('earnings'))).toEqual([
      { symbol: 'AAPL', date: '2025-10-29', epsActual: null, epsEstimated: null },
    ]);
  });

  it('read the dividends calendar and AAPL’s dividends, an empty date as not announced', () => {
    expect(dividendsSchema.parse(stableFixture('dividends-calendar'))).toEqual([
      {
        symbol: '1D0.SI',
        date: '2025-02-04',
        dividend: 0.01,
        adjDividend: 0.01,
        recordDate: null,
        paymentDate: null,
        declarationDate: null,
        frequency: 'Semi-Annual',
      },
    ]);
    expect(dividendsSchema.parse(stableFixture('dividends'))).toEqual([
      {
        symbol: 'AAPL',
        date: '2025-02-10',
        dividend: 0.25,
        adjDividend: 0.25,
        recordDate: '2025-02-10',
        paymentDate: '2025-02-13',
        declarationDate: '2025-01-30',
        frequency: 'Quarterly',
      },
    ]);
  });

  it('read the splits calendar and AAPL’s splits', () => {
    expect(splitsSchema.parse(stableFixture('splits-calendar'))).toEqual([
      { symbol: 'EYEN', date: '2025-02-03', numerator: 1, denominator: 80 },
    ]);
    expect(splitsSchema.parse(stableFixture('splits'))).toEqual([
      { symbol: 'AAPL', date: '2020-08-31', numerator: 4, denominator: 1 },
    ]);
  });

  it('refuse a row without its symbol or with a date that is not a day', () => {
    const { symbol: _s, ...anonymous } = stableRow('earnings');
    expect(earningsSchema.safeParse(anonymous).success).toBe(false);
    expect(
      earningsSchema.safeParse(stableRow('earnings', { date: '2025-10-29T20:30' })).success,
    ).toBe(false);
    expect(splitsSchema.safeParse([stableRow('splits', { denominator: 0 })]).success).toBe(false);
  });
});
