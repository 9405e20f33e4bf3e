import { dayChange, type PriceChange } from '@core/market/day-change';
import { formatDate } from '@core/format';
import { dayBefore, type Timeframe } from '@core/market/timeframes';
import type { PriceBar } from '@core/market/types';

/** A bar on the chart's time axis: x in ms (the exchange's wall-clock read as local time). */
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

/** The exchange's day of a point ('YYYY-MM-DD'): parseBarDate's inverse, read in local time. */
export function barDate(x: number): string {
  const day = new Date(x);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * The API's bars (newest first) as chart points, oldest first, one per instant: the time axis and
 * the decimation plugin both need strictly increasing x.
 */
export function toPoints(bars: readonly PriceBar[]): ChartPoint[] {
  const points = bars
    .map((b) => ({
      x: parseBarDate(b.date),
      o: b.open,
      h: b.high,
      l: b.low,
      c: b.close,
      v: b.volume,
    }))
    .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.c))
    .sort((a, b) => a.x - b.x);
  return points.filter((p, i) => i === 0 || p.x !== points[i - 1]!.x);
}

/** Change over the charted period: first close to last. */
export function periodChange(points: readonly ChartPoint[]): PriceChange | undefined {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || first.c === 0) return undefined;
  return { change: last.c - first.c, percent: ((last.c - first.c) / first.c) * 100 };
}

/** The exchange day of the session a 1D chart shows (its last bar's), if it has bars. */
export function shownSession(points: readonly ChartPoint[]): string | undefined {
  const last = points[points.length - 1];
  return last && barDate(last.x);
}

/** Daily bars this far back always hold the session before the one shown, holidays included. */
const PREVIOUS_SESSION_LOOKBACK = { days: 14 };

/** The first day of the daily bars a 1D chart of `session` reads its previous close from. */
export const previousCloseFrom = (session: string): string =>
  formatDate(dayBefore(new Date(`${session}T00:00:00Z`), PREVIOUS_SESSION_LOOKBACK));

/**
 * The figure above the chart. 1D is the day's change, the same number as the quote header's: the
 * last bar against the previous close (the close of the session before the one shown; the first
 * bar's close would miss the overnight gap), and nothing until that close is known. Every other
 * range stays the change over the range, first close to last.
 */
export function chartChange(
  points: readonly ChartPoint[],
  timeframe: Timeframe,
  previousClose: number | undefined,
): PriceChange | undefined {
  if (timeframe !== '1D') return periodChange(points);
  const last = points[points.length - 1];
  return last && previousClose !== undefined ? dayChange(last.c, previousClose) : undefined;
}

/**
 * Index of the point whose x is nearest to `x` in an ascending series read through `xAt` (a binary
 * search: the crosshair runs it on every pointer move).
 */
export function nearestIndex(count: number, xAt: (i: number) => number, x: number): number {
  if (count === 0) return -1;
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xAt(mid) < x) lo = mid + 1;
    else hi = mid;
  }
  // lo is the first point at or after x; the one before may be nearer.
  return lo > 0 && x - xAt(lo - 1) <= xAt(lo) - x ? lo - 1 : lo;
}
