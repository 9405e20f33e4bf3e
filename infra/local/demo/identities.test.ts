import { beforeAll, describe, expect, it } from 'vitest';
import { checkIdentities } from './identities';
import { FIXED_DEMO_ANCHOR, generateUniverse, type DemoCompany } from './universe';

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };

describe('checkIdentities', () => {
  let company: DemoCompany;
  beforeAll(() => {
    [company] = generateUniverse({
      seed: 'identities-test',
      count: 1,
      anchor: FIXED_DEMO_ANCHOR,
    }) as [DemoCompany];
  });

  /** The newest Q4: quarters of a year that has its annual statements. */
  const q4 = (c: { quarterly: { income: readonly { period: string }[] } }) =>
    c.quarterly.income.findIndex((s) => s.period === 'Q4');

  const tampered = (change: (c: Mutable<DemoCompany>) => void): string[] => {
    const copy = structuredClone(company) as Mutable<DemoCompany>;
    change(copy);
    return checkIdentities(copy as DemoCompany);
  };

  it('finds nothing wrong with a generated company', () => {
    expect(checkIdentities(company)).toEqual([]);
  });

  it('catches a broken income statement', () => {
    const violations = tampered((c) => {
      const income = c.annual.income[0];
      if (income) income.grossProfit += 1;
    });
    expect(violations.some((v) => v.includes('grossProfit = revenue − costOfRevenue'))).toBe(true);
    expect(violations.some((v) => v.includes('grossProfit sums to the year'))).toBe(true);
  });

  it('catches a balance sheet that does not balance and cash that does not tie', () => {
    const violations = tampered((c) => {
      const balance = c.quarterly.balance[q4(c)];
      if (balance) balance.cashAndCashEquivalents += 10;
    });
    expect(violations.some((v) => v.includes('cashAndShortTermInvestments = cash'))).toBe(true);
    expect(violations.some((v) => v.includes('cashAtEndOfPeriod = balance-sheet'))).toBe(true);
    expect(violations.some((v) => v.includes('Q4 balance cashAndCashEquivalents = annual'))).toBe(
      true,
    );
  });

  it('catches a broken cash-flow link and retained-earnings roll', () => {
    const violations = tampered((c) => {
      const cash = c.annual.cash[1];
      const balance = c.annual.balance[1];
      if (cash) cash.cashAtEndOfPeriod += 5;
      if (balance) balance.retainedEarnings += 5;
    });
    expect(violations.some((v) => v.includes('cashAtBeginningOfPeriod = previous'))).toBe(true);
    expect(violations.some((v) => v.includes('retainedEarnings = previous'))).toBe(true);
  });

  it('catches quarters that no longer add up and non-integer amounts', () => {
    const violations = tampered((c) => {
      const q = c.quarterly.cash[q4(c) + 2];
      if (q) {
        q.stockBasedCompensation += 0.5;
        q.netCashProvidedByOperatingActivities += 0.5;
      }
    });
    expect(violations.some((v) => v.includes('stockBasedCompensation is a whole number'))).toBe(
      true,
    );
    expect(violations.some((v) => v.includes('stockBasedCompensation sums to the year'))).toBe(
      true,
    );
  });

  it('catches a wrong EPS and a wrong ratio', () => {
    const violations = tampered((c) => {
      const income = c.quarterly.income[0];
      if (income) {
        income.eps += 0.01;
        income.netIncomeRatio *= 1.01;
      }
    });
    expect(violations.some((v) => v.includes('eps = netIncome / weightedAverageShsOut'))).toBe(
      true,
    );
    expect(violations.some((v) => v.includes('netIncomeRatio = value / revenue'))).toBe(true);
  });
});
