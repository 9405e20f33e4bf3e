import { describe, expect, it } from 'vitest';
import { cagr, growthOf } from './growth';

const year = (calendarYear: number, revenue: number, eps: number, period = 'FY' as const) => ({
  calendarYear: String(calendarYear),
  period,
  date: `${calendarYear}-12-31`,
  revenue,
  eps,
});

describe('cagr', () => {
  it('is (end / start)^(1 / years) − 1', () => {
    expect(cagr(100, 121, 2)).toBeCloseTo(0.1, 12);
    expect(cagr(100, 50, 1)).toBeCloseTo(-0.5, 12);
    expect(cagr(100, 0, 3)).toBe(-1);
  });

  it('is undefined from a zero or negative base, to a negative end, or for no years', () => {
    expect(cagr(0, 10, 1)).toBeUndefined();
    expect(cagr(-1, 2, 1)).toBeUndefined();
    expect(cagr(1, -2, 3)).toBeUndefined();
    expect(cagr(1, 2, 0)).toBeUndefined();
    expect(cagr(Number.NaN, 2, 1)).toBeUndefined();
  });
});

describe('growthOf', () => {
  const statements = [
    { ...year(2025, 999, 99), period: 'TTM' as const },
    year(2024, 161.051, 2),
    year(2023, 146.41, 1),
    year(2022, 133.1, 1.5),
    year(2021, 121, -0.5),
    year(2020, 110, 0.4),
    year(2019, 100, 0.25),
  ];

  it('compares the latest fiscal year with the one 1, 3 and 5 years before, skipping TTM', () => {
    expect(growthOf(statements, 'revenue', 1)).toBeCloseTo(0.1, 12);
    expect(growthOf(statements, 'revenue', 3)).toBeCloseTo(0.1, 12);
    expect(growthOf(statements, 'revenue', 5)).toBeCloseTo(0.1, 12);
    expect(growthOf(statements, 'eps', 1)).toBeCloseTo(1, 12);
    expect(growthOf(statements, 'eps', 5)).toBeCloseTo(Math.pow(8, 1 / 5) - 1, 12);
  });

  it('is undefined from a loss year (EPS ≤ 0) or when the base year is missing', () => {
    expect(growthOf(statements, 'eps', 3)).toBeUndefined();
    const zero = statements.map((s) => (s.calendarYear === '2023' ? { ...s, eps: 0 } : s));
    expect(growthOf(zero, 'eps', 1)).toBeUndefined();
    const gap = statements.filter((s) => s.calendarYear !== '2021');
    expect(growthOf(gap, 'revenue', 3)).toBeUndefined();
    expect(growthOf(statements.slice(0, 3), 'revenue', 5)).toBeUndefined();
    expect(growthOf([], 'revenue', 1)).toBeUndefined();
  });

  it('takes the later report of a restated year', () => {
    const restated = [
      year(2024, 120, 1),
      year(2023, 100, 1),
      { ...year(2024, 130, 1), date: '2025-01-31' },
    ];
    expect(growthOf(restated, 'revenue', 1)).toBeCloseTo(0.3, 12);
  });
});
