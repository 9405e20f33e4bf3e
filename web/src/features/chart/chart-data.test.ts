import { describe, expect, it } from 'vitest';
import {
  aggregate,
  candlesFor,
  downsample,
  parseBarDate,
  periodChange,
  rebase,
  toPoints,
  type ChartPoint,
} from './chart-data';

const day = (i: number, c = 100 + i): ChartPoint => ({
  x: new Date(2024, 0, 1 + i).getTime(),
  o: c - 1,
  h: c + 2,
  l: c - 2,
  c,
  v: 10,
});

describe('chart data', () => {
  it('reads exchange-local bar dates as local wall-clock time', () => {
    const x = parseBarDate('2026-11-18 09:31:00');
    const d = new Date(x);
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([
      2026, 10, 18, 9, 31,
    ]);
    expect(new Date(parseBarDate('2026-11-18')).getHours()).toBe(0);
  });

  it('turns newest-first bars into oldest-first points', () => {
    const points = toPoints([
      { date: '2026-11-18', open: 2, high: 3, low: 1, close: 2.5, volume: 9 },
      { date: '2026-11-17', open: 1, high: 2, low: 0.5, close: 1.5, volume: 8 },
    ]);
    expect(points.map((p) => p.c)).toEqual([1.5, 2.5]);
  });

  it('downsamples long lines to the budget, keeping the ends and the extreme', () => {
    const points = Array.from({ length: 10_000 }, (_, i) => day(i, i === 5_000 ? 10_000 : 100));
    const sampled = downsample(points, 500);
    expect(sampled).toHaveLength(500);
    expect(sampled[0]).toBe(points[0]);
    expect(sampled[499]).toBe(points[9_999]);
    expect(sampled.some((p) => p.c === 10_000)).toBe(true);
    expect(downsample(points.slice(0, 10), 500)).toHaveLength(10);
  });

  it('aggregates days into weeks and months (open first, close last, extremes, volume sum)', () => {
    const points = Array.from({ length: 14 }, (_, i) => day(i));
    const weeks = aggregate(points, 'week');
    // 1 Jan 2024 was a Monday: two full weeks.
    expect(weeks).toHaveLength(2);
    expect(weeks[0]).toMatchObject({ o: 99, c: 106, h: 108, l: 98, v: 70 });
    expect(aggregate(points, 'month')).toHaveLength(1);
    expect(
      candlesFor(
        Array.from({ length: 3_000 }, (_, i) => day(i)),
        400,
      ).length,
    ).toBeLessThanOrEqual(400);
  });

  it('rebases closes to % change from the first and measures the period change', () => {
    const points = [day(0, 100), day(1, 110), day(2, 90)];
    expect(rebase(points).map((p) => Math.round(p.y))).toEqual([0, 10, -10]);
    expect(periodChange(points)).toEqual({ change: -10, percent: -10 });
    expect(periodChange([])).toBeUndefined();
  });
});

describe('sparkline path', () => {
  it('scales closes into the box, highest at the top', async () => {
    const { sparklinePath } = await import('./Sparkline');
    const path = sparklinePath([day(0, 10), day(1, 20), day(2, 15)], 100, 20);
    expect(path).toBe('M0.0 19.0 L50.0 1.0 L100.0 10.0');
    expect(sparklinePath([day(0)], 100, 20)).toBe('');
  });
});
