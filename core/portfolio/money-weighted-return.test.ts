import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateOfDayNumber, dayNumberOf } from '../day-numbers';
import { netPresentValue, xirr, XIRR_TOLERANCE, type CashFlow } from './money-weighted-return';

describe('xirr', () => {
  it('is the annual rate: 1000 paid, 1100 back 366 days later → 1.1^(365/366) − 1', () => {
    const rate = xirr([
      { date: '2020-01-01', amount: -1000 },
      { date: '2021-01-01', amount: 1100 },
    ]);
    expect(rate).toBeCloseTo(Math.pow(1.1, 365 / 366) - 1, 9);
  });

  it('has no rate when every flow has the same sign', () => {
    expect(xirr([{ date: '2020-01-01', amount: -1 }])).toBeNull();
    expect(
      xirr([
        { date: '2020-01-01', amount: 5 },
        { date: '2020-06-01', amount: 5 },
      ]),
    ).toBeNull();
    expect(xirr([])).toBeNull();
  });

  it('finds a rate far from 10 % (tripled in 30 days) where Newton alone is too slow', () => {
    const flows = [
      { date: '2024-01-01', amount: -100 },
      { date: '2024-01-31', amount: 300 },
    ];
    const rate = xirr(flows)!;
    const expected = Math.pow(3, 365 / 30) - 1;
    expect(Math.abs(rate / expected - 1)).toBeLessThan(1e-6);
  });

  it('finds an astronomic rate (tripled in a day: 3^365 − 1) by bisection', () => {
    const rate = xirr([
      { date: '2024-01-01', amount: -1 },
      { date: '2024-01-02', amount: 3 },
    ])!;
    expect(Math.log1p(rate)).toBeCloseTo(365 * Math.log(3), 9);
  });

  it('finds a loss close to −100 %', () => {
    const rate = xirr([
      { date: '2024-01-01', amount: -1000 },
      { date: '2025-01-01', amount: 1 },
    ])!;
    expect(rate).toBeCloseTo(Math.pow(0.001, 365 / 366) - 1, 9);
  });

  it('solves its equation: NPV at the rate found is 0 (within the tolerance)', () => {
    const flowsArb = fc
      .tuple(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(
          fc.record({
            day: fc.integer({ min: 30, max: 3650 }),
            amount: fc.integer({ min: 1, max: 1_000_000 }),
          }),
          { minLength: 1, maxLength: 40 },
        ),
      )
      // One payment first, then receipts a month or more later: exactly one sign change, so one
      // rate. At worst half is lost in a month: a rate a portfolio can have. (Closer to −100 %,
      // 1 + r itself is a tiny double whose rounding alone moves the NPV; the closed-form tests
      // above cover those rates.)
      .map(([paid, receipts]): CashFlow[] => [
        {
          date: '2015-01-01',
          amount: -Math.min(paid, 2 * receipts.reduce((sum, r) => sum + r.amount, 0)),
        },
        ...receipts.map((r) => ({
          date: dateOfDayNumber(dayNumberOf('2015-01-01') + r.day),
          amount: r.amount,
        })),
      ]);
    fc.assert(
      fc.property(flowsArb, (flows) => {
        const rate = xirr(flows);
        expect(rate).not.toBeNull();
        const size = flows.reduce((sum, f) => sum + Math.abs(f.amount), 0);
        expect(Math.abs(netPresentValue(flows, rate!))).toBeLessThanOrEqual(
          size * XIRR_TOLERANCE * 10,
        );
      }),
    );
  });
});
