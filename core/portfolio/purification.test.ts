import { describe, expect, it } from 'vitest';
import { DEMO_PER_USD } from '../market/fx';
import {
  PURIFICATION_STANDARDS,
  periodOfDividend,
  purificationTotals,
  purifyDividends,
  type DividendPaid,
  type NonPermissibleShare,
} from './purification';

const periods: Record<string, NonPermissibleShare[]> = {
  ABC: [
    { periodEnd: '2022-12-31', share: 0.02 },
    { periodEnd: '2023-12-31', share: 0.032 },
  ],
  XYZ: [{ periodEnd: '2023-12-31', share: null }],
};
const periodsOf = (symbol: string) => periods[symbol] ?? [];

describe('purifyDividends — worked examples', () => {
  it('AAOIFI and every standard with a revenue screen define it; DJIM does not', () => {
    expect(PURIFICATION_STANDARDS).toEqual(['aaoifi', 'sp', 'msci', 'ftse', 'alrajhi']);
  });

  it('85.00 received + 15.00 withheld = 100.00 gross; × 3.2 % (FY 2023) = 3.20 to give away', () => {
    const dividend: DividendPaid = {
      symbol: 'ABC',
      date: '2024-05-15',
      amount: 85,
      taxWithheld: 15,
      currency: 'USD',
    };
    const [result] = purifyDividends([dividend], periodsOf);
    expect(result!.gross).toBe(100);
    for (const amount of result!.amounts) {
      expect(amount).toEqual({
        standard: amount.standard,
        amount: expect.closeTo(3.2, 12),
        share: 0.032,
        periodEnd: '2023-12-31',
      });
    }
  });

  it('a dividend paid before FY 2023 ended uses FY 2022: 50.00 × 2 % = 1.00', () => {
    const [result] = purifyDividends(
      [{ symbol: 'ABC', date: '2023-09-01', amount: 50, taxWithheld: 0, currency: 'USD' }],
      periodsOf,
    );
    expect(result!.amounts[0]).toEqual({
      standard: 'aaoifi',
      amount: 1,
      share: 0.02,
      periodEnd: '2022-12-31',
    });
  });

  it('says which input is missing', () => {
    const results = purifyDividends(
      [
        { symbol: 'XYZ', date: '2024-04-01', amount: 10, taxWithheld: 0, currency: 'USD' },
        { symbol: 'NEW', date: '2024-04-01', amount: 10, taxWithheld: 0, currency: 'USD' },
        // FY 2022 ended more than 18 months before: not the period this dividend belongs to.
        { symbol: 'ABC', date: '2022-12-30', amount: 10, taxWithheld: 0, currency: 'USD' },
      ],
      periodsOf,
    );
    expect(results.map((r) => r.amounts[0])).toEqual([
      {
        standard: 'aaoifi',
        missing: 'the non-permissible income share of XYZ for the fiscal period ending 2023-12-31',
      },
      {
        standard: 'aaoifi',
        missing:
          'the non-permissible income share of NEW for a fiscal period ending on or before 2024-04-01',
      },
      {
        standard: 'aaoifi',
        missing:
          'the non-permissible income share of ABC for a fiscal period ending on or before 2022-12-30',
      },
    ]);
  });
});

describe('periodOfDividend', () => {
  it('is the latest period ended on or before payment, at most 548 days before', () => {
    expect(periodOfDividend(periods.ABC!, '2023-12-31')?.periodEnd).toBe('2023-12-31');
    expect(periodOfDividend(periods.ABC!, '2023-12-30')?.periodEnd).toBe('2022-12-31');
    expect(periodOfDividend(periods.ABC!, '2025-07-01')?.periodEnd).toBe('2023-12-31');
    expect(periodOfDividend(periods.ABC!, '2025-07-02')).toBeUndefined();
  });
});

describe('purificationTotals', () => {
  const results = purifyDividends(
    [
      { symbol: 'ABC', date: '2023-09-01', amount: 50, taxWithheld: 0, currency: 'USD' },
      { symbol: 'ABC', date: '2024-05-15', amount: 85, taxWithheld: 15, currency: 'USD' },
      { symbol: 'XYZ', date: '2024-06-01', amount: 10, taxWithheld: 0, currency: 'USD' },
    ],
    periodsOf,
  );

  it('per year: 2023 1.00, 2024 3.20 with one dividend left out (in EUR at the rates)', () => {
    const aaoifi = purificationTotals(results, 'year', 'EUR', DEMO_PER_USD).filter(
      (t) => t.standard === 'aaoifi',
    );
    expect(aaoifi).toEqual([
      { key: '2023', standard: 'aaoifi', amount: expect.closeTo(0.92, 12), missingInputs: 0 },
      { key: '2024', standard: 'aaoifi', amount: expect.closeTo(3.2 * 0.92, 12), missingInputs: 1 },
    ]);
  });

  it('per holding: ABC 4.20, XYZ unknown', () => {
    const totals = purificationTotals(results, 'symbol', 'USD', DEMO_PER_USD);
    expect(totals.filter((t) => t.standard === 'sp')).toEqual([
      { key: 'ABC', standard: 'sp', amount: expect.closeTo(4.2, 12), missingInputs: 0 },
      { key: 'XYZ', standard: 'sp', amount: 0, missingInputs: 1 },
    ]);
    expect(totals.map((t) => t.standard).slice(0, 5)).toEqual(PURIFICATION_STANDARDS);
  });
});
