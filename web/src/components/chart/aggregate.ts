import type { ChartPoint } from './chart-points';

/** What one candle (and one volume bar) covers. */
export type Granularity = 'bar' | 'week' | 'month';

/**
 * Above this many bars, candles and volume bars aggregate into weeks, then months: a 1,280 px
 * chart has ~2 px per candle at 500, and drawing 10,000 bars is what would make ALL slow.
 */
export const BAR_LIMIT = 500;

const weekKey = (x: number) => {
  const d = new Date(x);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7)).getTime();
};
const monthKey = (x: number) => {
  const d = new Date(x);
  return new Date(d.getFullYear(), d.getMonth(), 1).getTime();
};

/**
 * Bars aggregated into calendar weeks (from Monday) or months: open of the first, close of the
 * last, the extremes, summed volume; each at the start of its week or month.
 */
export function aggregate(points: readonly ChartPoint[], by: 'week' | 'month'): ChartPoint[] {
  const keyOf = by === 'week' ? weekKey : monthKey;
  const out: ChartPoint[] = [];
  let current: { x: number; o: number; h: number; l: number; c: number; v: number } | undefined;
  for (const p of points) {
    const key = keyOf(p.x);
    if (current?.x === key) {
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

export interface Candles {
  readonly granularity: Granularity;
  readonly bars: readonly ChartPoint[];
}

/** Candles for the chart: the bars themselves when few enough, else weekly, else monthly. */
export function candlesFor(points: readonly ChartPoint[], limit = BAR_LIMIT): Candles {
  if (points.length <= limit) return { granularity: 'bar', bars: points };
  const weekly = aggregate(points, 'week');
  if (weekly.length <= limit) return { granularity: 'week', bars: weekly };
  return { granularity: 'month', bars: aggregate(points, 'month') };
}
