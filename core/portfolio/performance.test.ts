import { describe, expect, it } from 'vitest';
import { netPresentValue } from './money-weighted-return';
import {
  benchmarkReturn,
  performanceByPeriod,
  periodBase,
  periodPerformance,
  pointsBetween,
} from './performance';
import type { ValuePoint } from './value-series';

const point = (
  date: string,
  value: number,
  inflow = 0,
  outflow = 0,
  dividends = 0,
): ValuePoint => ({
  date,
  value,
  inflow,
  outflow,
  dividends,
});

describe('periodBase', () => {
  it('counts back from today, clamped to the month; YTD from last 31 December; ALL from the start', () => {
    expect(periodBase('1M', '2024-03-31')).toBe('2024-02-29');
    expect(periodBase('YTD', '2024-05-10')).toBe('2023-12-31');
    expect(periodBase('1Y', '2024-02-29')).toBe('2023-02-28');
    expect(periodBase('3Y', '2024-06-15')).toBe('2021-06-15');
    expect(periodBase('ALL', '2024-06-15')).toBeUndefined();
  });
});

describe('pointsBetween', () => {
  const points = [
    point('2024-01-01', 1),
    point('2024-01-03', 2),
    point('2024-01-05', 3),
    point('2024-01-07', 4),
  ];
  it('starts at the last point on or before the base and ends at the last on or before today', () => {
    expect(pointsBetween(points, '2024-01-04', '2024-01-06').map((p) => p.value)).toEqual([2, 3]);
    expect(pointsBetween(points, '2023-12-01', '2024-01-07').map((p) => p.value)).toEqual([
      1, 2, 3, 4,
    ]);
    expect(pointsBetween(points, undefined, '2023-12-31')).toEqual([]);
  });
});

describe('periodPerformance', () => {
  // 10 shares bought at 100 (closing at 100), then 110, then a 5 dividend.
  const points = [
    point('2024-01-02', 1000, 1000),
    point('2024-01-03', 1100),
    point('2024-01-04', 1100, 0, 5, 5),
  ];

  it('measures a portfolio younger than the period from nothing, its first buys included', () => {
    const all = periodPerformance(points, 'ALL', '2024-01-04')!;
    expect(all).toMatchObject({
      from: '2024-01-02',
      to: '2024-01-04',
      startValue: 0,
      endValue: 1100,
      netFlow: 995,
      dividends: 5,
    });
    // 1000 → 1000 → 1100 → 1100 with 5 paid out.
    expect(all.timeWeightedReturn).toBeCloseTo((1100 / 1000) * (1105 / 1100) - 1, 12);
    const flows = [
      { date: '2024-01-02', amount: -1000 },
      { date: '2024-01-04', amount: 5 },
      { date: '2024-01-04', amount: 1100 },
    ];
    expect(Math.abs(netPresentValue(flows, all.moneyWeightedReturn!))).toBeLessThan(1e-6);
    expect(periodPerformance(points, '1M', '2024-01-04')).toEqual({ ...all, period: '1M' });
  });

  it('measures an older portfolio from its value on the base day', () => {
    const older = [
      point('2024-01-31', 100, 100),
      point('2024-02-15', 120),
      point('2024-02-29', 150),
      point('2024-03-01', 150),
    ];
    const month = periodPerformance(older, '1M', '2024-03-01')!;
    expect(month).toMatchObject({
      from: '2024-01-31',
      startValue: 100,
      endValue: 150,
      netFlow: 0,
      dividends: 0,
    });
    expect(month.timeWeightedReturn).toBeCloseTo(0.5, 12);
    expect(month.moneyWeightedReturn).toBeCloseTo(Math.pow(1.5, 365 / 30) - 1, 6);
    expect(performanceByPeriod(older, '2024-03-01').map((p) => p.period)).toEqual([
      '1M',
      'YTD',
      '1Y',
      '3Y',
      'ALL',
    ]);
  });

  it('has nothing for a period before the first point', () => {
    expect(periodPerformance(points, 'ALL', '2024-01-01')).toBeUndefined();
    expect(periodPerformance([], 'ALL', '2024-01-01')).toBeUndefined();
  });
});

describe('benchmarkReturn', () => {
  it("is the index's price return from the base day's close", () => {
    const closes = [
      { date: '2023-12-29', close: 200 },
      { date: '2024-01-02', close: 210 },
      { date: '2024-03-01', close: 220 },
    ];
    expect(benchmarkReturn(closes, 'YTD', '2024-03-01')).toBeCloseTo(0.1, 12);
    expect(benchmarkReturn(closes, '1M', '2024-03-01')).toBeCloseTo(220 / 210 - 1, 12);
    expect(benchmarkReturn(closes.slice(0, 1), 'YTD', '2024-03-01')).toBeNull();
  });
});
