import type { ChartPoint } from './chart-points';

/** A point of a rebased series: % change of the close from the first bar, with its bar. */
export interface RebasedPoint {
  readonly x: number;
  readonly y: number;
  readonly bar: ChartPoint;
}

/** Percentage change of each close from the first; empty when the first close is 0. */
export function rebase(points: readonly ChartPoint[]): RebasedPoint[] {
  const first = points[0]?.c;
  if (first === undefined || first === 0) return [];
  return points.map((bar) => ({ x: bar.x, y: ((bar.c - first) / first) * 100, bar }));
}

/**
 * Two series on one % axis, both from the first bar they share the window with: a stock listed
 * in 2010 is compared with the index from 2010, not with the index's 1986 level. Without any
 * overlap each series keeps its own start.
 */
export function rebasePair(
  primary: readonly ChartPoint[],
  other: readonly ChartPoint[],
): { primary: RebasedPoint[]; other: RebasedPoint[] } {
  const start = Math.max(primary[0]?.x ?? -Infinity, other[0]?.x ?? -Infinity);
  const from = (points: readonly ChartPoint[]) => {
    const i = points.findIndex((p) => p.x >= start);
    return i < 0 ? points : points.slice(i);
  };
  const overlaps = start <= Math.min(primary.at(-1)?.x ?? -Infinity, other.at(-1)?.x ?? -Infinity);
  return overlaps
    ? { primary: rebase(from(primary)), other: rebase(from(other)) }
    : { primary: rebase(primary), other: rebase(other) };
}
