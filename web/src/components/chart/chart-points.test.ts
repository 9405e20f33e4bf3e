import { describe, expect, it } from 'vitest';
import {
  barDate,
  chartChange,
  nearestIndex,
  parseBarDate,
  periodChange,
  shownSession,
  toPoints,
} from './chart-points';
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

  it("gives 1D the day's change against the previous close, not the first bar's", () => {
    // A session that opened with a gap: first-to-last (−0.02%) and the header's day change
    // (+0.45% against yesterday's close) disagree.
    const points = toPoints([
      {
        date: '2026-11-26 09:31:00',
        open: 100.47,
        high: 100.5,
        low: 100.4,
        close: 100.47,
        volume: 1,
      },
      {
        date: '2026-11-26 15:59:00',
        open: 100.45,
        high: 100.5,
        low: 100.4,
        close: 100.45,
        volume: 1,
      },
    ]);
    expect(shownSession(points)).toBe('2026-11-26');
    const day = chartChange(points, '1D', 100);
    expect(day?.change).toBeCloseTo(0.45, 10);
    expect(day?.percent).toBeCloseTo(0.45, 10);
    // No previous close yet: no figure rather than the first-to-last one.
    expect(chartChange(points, '1D', undefined)).toBeUndefined();
    // Other ranges stay first to last.
    expect(chartChange(points, '5D', 100)?.change).toBeCloseTo(-0.02, 10);
    expect(shownSession([])).toBeUndefined();
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
