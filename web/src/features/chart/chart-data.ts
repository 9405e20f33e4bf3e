import type { PriceBar } from '../../../../core/market/types';

/** A bar on the chart's time axis: x in ms (the exchange's wall-clock shown as local time). */
export interface ChartPoint {
  readonly x: number;
  readonly o: number;
  readonly h: number;
  readonly l: number;
  readonly c: number;
  readonly v: number;
}

/**
 * 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' (exchange-local) as a local-time instant, so the axis
 * shows the exchange's own clock whatever the viewer's time zone.
 */
export function parseBarDate(date: string): number {
  const [day, time = '00:00:00'] = date.split(' ');
  const [y, m, d] = (day ?? '').split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0, ss ?? 0).getTime();
}

/** The API's bars (newest first) as chart points, oldest first. */
export function toPoints(bars: readonly PriceBar[]): ChartPoint[] {
  const points = bars.map((b) => ({
    x: parseBarDate(b.date),
    o: b.open,
    h: b.high,
    l: b.low,
    c: b.close,
    v: b.volume,
  }));
  return points.sort((a, b) => a.x - b.x);
}

/** Above this many points a line is downsampled (a 1,000 px chart cannot show more). */
export const LINE_POINT_BUDGET = 800;
/** Above this many candles, days become weeks, then months. */
export const CANDLE_BUDGET = 400;

/**
 * Largest-Triangle-Three-Buckets downsampling of the close: keeps the visual shape (peaks and
 * troughs) of a long series in `budget` points. First and last points are kept.
 */
export function downsample(
  points: readonly ChartPoint[],
  budget = LINE_POINT_BUDGET,
): ChartPoint[] {
  if (points.length <= budget || budget < 3) return [...points];
  const sampled: ChartPoint[] = [points[0]!];
  const every = (points.length - 2) / (budget - 2);
  let a = 0;
  for (let i = 0; i < budget - 2; i += 1) {
    const start = Math.floor(i * every) + 1;
    const end = Math.min(Math.floor((i + 1) * every) + 1, points.length - 1);
    // Average of the next bucket: the third corner of the triangle.
    const nextEnd = Math.min(Math.floor((i + 2) * every) + 1, points.length);
    let avgX = 0;
    let avgY = 0;
    const nextCount = Math.max(1, nextEnd - end);
    for (let j = end; j < nextEnd; j += 1) {
      avgX += points[j]!.x;
      avgY += points[j]!.c;
    }
    avgX /= nextCount;
    avgY /= nextCount;
    const pa = points[a]!;
    let best = start;
    let bestArea = -1;
    for (let j = start; j < end; j += 1) {
      const p = points[j]!;
      const area = Math.abs((pa.x - avgX) * (p.c - pa.c) - (pa.x - p.x) * (avgY - pa.c));
      if (area > bestArea) {
        bestArea = area;
        best = j;
      }
    }
    sampled.push(points[best]!);
    a = best;
  }
  sampled.push(points[points.length - 1]!);
  return sampled;
}

const weekKey = (x: number) => {
  const d = new Date(x);
  const monday = new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7));
  return monday.getTime();
};
const monthKey = (x: number) => {
  const d = new Date(x);
  return new Date(d.getFullYear(), d.getMonth(), 1).getTime();
};

/** Daily candles aggregated into weekly or monthly ones: open first, close last, extremes. */
export function aggregate(points: readonly ChartPoint[], by: 'week' | 'month'): ChartPoint[] {
  const keyOf = by === 'week' ? weekKey : monthKey;
  const out: ChartPoint[] = [];
  let current: { x: number; o: number; h: number; l: number; c: number; v: number } | undefined;
  for (const p of points) {
    const key = keyOf(p.x);
    if (current && current.x === key) {
      current.h = Math.max(current.h, p.h);
      current.l = Math.min(current.l, p.l);
      current.c = p.c;
      current.v += p.v;
    } else {
      if (current) out.push(current);
      current = { x: key, o: p.o, h: p.h, l: p.l, c: p.c, v: p.v };
    }
  }
  if (current) out.push(current);
  return out;
}

/** Candles for the chart: daily when few enough, else weekly, else monthly. */
export function candlesFor(points: readonly ChartPoint[], budget = CANDLE_BUDGET): ChartPoint[] {
  if (points.length <= budget) return [...points];
  const weekly = aggregate(points, 'week');
  return weekly.length <= budget ? weekly : aggregate(points, 'month');
}

/** Percentage change of each close from the first, for comparing series on one axis. */
export function rebase(points: readonly ChartPoint[]): { x: number; y: number }[] {
  const first = points[0]?.c;
  if (first === undefined || first === 0) return [];
  return points.map((p) => ({ x: p.x, y: ((p.c - first) / first) * 100 }));
}

/** Change over the charted period (for the header line of the chart). */
export function periodChange(
  points: readonly ChartPoint[],
): { change: number; percent: number } | undefined {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || first.c === 0) return undefined;
  return { change: last.c - first.c, percent: ((last.c - first.c) / first.c) * 100 };
}
