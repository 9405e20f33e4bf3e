import { describe, expect, it } from 'vitest';
import { barDate, nearestIndex, parseBarDate, periodChange, toPoints } from './chart-points';
import { syntheticDailyBars } from './synthetic-bars';

describe('chart points', () => {
  it('reads exchange-local bar dates as local wall-clock time', () => {
    const d = new Date(parseBarDate('2026-11-18 09:31:00'));
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([
      2026, 10, 18, 9, 31,
    ]);
    expect(new Date(parseBarDate('2026-11-18')).getHours()).toBe(0);
  });

  it('gives a point its exchange day back', () => {
    expect(barDate(parseBarDate('2026-03-09'))).toBe('2026-03-09');
    expect(barDate(parseBarDate('2026-11-18 15:59:00'))).toBe('2026-11-18');
  });

  it('turns newest-first bars into oldest-first points, one per instant', () => {
    const bar = { open: 1, high: 2, low: 0.5, volume: 8 };
    const points = toPoints([
      { ...bar, date: '2026-11-18', close: 2.5 },
      { ...bar, date: '2026-11-17', close: 1.5 },
      { ...bar, date: '2026-11-17', close: 1.4 },
      { ...bar, date: 'garbage', close: 9 },
    ]);
    expect(points.map((p) => p.c)).toEqual([1.5, 2.5]);
    expect(points[0]).toMatchObject({ o: 1, h: 2, l: 0.5, v: 8 });
  });

  it('measures the change over the period', () => {
    const [a, b] = syntheticDailyBars(2);
    const points = [
      { ...a!, c: 100 },
      { ...b!, c: 90 },
    ];
    expect(periodChange(points)).toEqual({ change: -10, percent: -10 });
    expect(periodChange([])).toBeUndefined();
  });

  it('finds the nearest point along x', () => {
    const xs = [0, 10, 20, 30];
    const at = (i: number) => xs[i]!;
    expect(nearestIndex(4, at, -5)).toBe(0);
    expect(nearestIndex(4, at, 4)).toBe(0);
    expect(nearestIndex(4, at, 6)).toBe(1);
    expect(nearestIndex(4, at, 20)).toBe(2);
    expect(nearestIndex(4, at, 99)).toBe(3);
    expect(nearestIndex(0, at, 5)).toBe(-1);
  });
});
