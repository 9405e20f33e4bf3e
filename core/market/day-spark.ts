import { downsample } from './downsample';
import type { DaySpark, PriceBar } from './types';

/**
 * Points in an index card's line: one per pixel of the card's 150 px sparkline. A 1-minute day
 * has up to ~540 bars; LTTB keeps its peaks and troughs.
 */
export const DAY_SPARK_POINTS = 150;

export const NO_SPARK: DaySpark = { minutes: [], closes: [] };

/** An intraday bar's 'YYYY-MM-DD HH:mm:ss' (exchange wall clock) in minutes since 1970. */
const minuteOf = (date: string): number => Date.parse(`${date.replace(' ', 'T')}Z`) / 60_000;

/**
 * The card's line of a day's intraday bars (any order, as the 1D chart reads them): oldest first,
 * one point per instant, thinned to DAY_SPARK_POINTS with the first and last close kept.
 */
export function daySpark(bars: readonly PriceBar[]): DaySpark {
  const points = bars
    .map((bar) => ({ x: minuteOf(bar.date), c: bar.close }))
    .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.c))
    .sort((a, b) => a.x - b.x)
    .filter((p, i, all) => i === 0 || p.x !== all[i - 1]!.x);
  const first = points[0];
  if (!first || points.length < 2) return NO_SPARK;
  const shown = downsample(points, DAY_SPARK_POINTS);
  return { minutes: shown.map((p) => p.x - first.x), closes: shown.map((p) => p.c) };
}
