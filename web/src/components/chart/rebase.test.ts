import { describe, expect, it } from 'vitest';
import type { ChartPoint } from './chart-points';
import { rebase, rebasePair } from './rebase';

const at = (x: number, c: number): ChartPoint => ({ x, o: c, h: c, l: c, c, v: 1 });

describe('rebasing to % change', () => {
  it('expresses each close as % change from the first', () => {
    const points = [at(1, 100), at(2, 110), at(3, 90)];
    const rebased = rebase(points);
    expect(rebased.map((p) => Math.round(p.y))).toEqual([0, 10, -10]);
    expect(rebased[1]!.bar).toBe(points[1]);
    expect(rebase([at(1, 0), at(2, 5)])).toEqual([]);
    expect(rebase([])).toEqual([]);
  });

  it('starts both series at the first bar they share the window with', () => {
    const stock = [at(3, 50), at(4, 55)];
    const index = [at(1, 1000), at(2, 2000), at(3, 4000), at(4, 3000)];
    const { primary, other } = rebasePair(stock, index);
    expect(primary.map((p) => p.y)).toEqual([0, 10]);
    expect(other.map((p) => [p.x, p.y])).toEqual([
      [3, 0],
      [4, -25],
    ]);
  });

  it('keeps each start when the series do not overlap', () => {
    const { primary, other } = rebasePair([at(1, 10), at(2, 20)], [at(5, 10), at(6, 5)]);
    expect(primary.map((p) => p.y)).toEqual([0, 100]);
    expect(other.map((p) => p.y)).toEqual([0, -50]);
  });
});
