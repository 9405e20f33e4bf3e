import { formatDate } from '../format';
import { dayBefore, type Range } from './timeframes';

/**
 * The Analysis tab's performance comparison: several stocks and an index, each rebased
 * to 100 at the first date they all share within a chosen range, on one calendar.
 */

export const COMPARE_RANGES = ['1M', '6M', 'YTD', '1Y', '3Y', '5Y'] as const;
export type CompareRange = (typeof COMPARE_RANGES)[number];
export const DEFAULT_COMPARE_RANGE: CompareRange = '1Y';

export const isCompareRange = (value: unknown): value is CompareRange =>
  (COMPARE_RANGES as readonly unknown[]).includes(value);

const SPANS: Readonly<Record<Exclude<CompareRange, 'YTD'>, Range>> = {
  '1M': { months: 1 },
  '6M': { months: 6 },
  '1Y': { years: 1 },
  '3Y': { years: 3 },
  '5Y': { years: 5 },
};

/** The first UTC day of a range ending `now` ('YYYY-MM-DD'); YTD starts on 1 January. */
export function compareRangeStart(range: CompareRange, now: Date): string {
  if (range === 'YTD') return `${now.getUTCFullYear()}-01-01`;
  return formatDate(dayBefore(now, SPANS[range]));
}

/** A daily close: the exchange's trading day ('YYYY-MM-DD') and its closing price. */
export interface DailyClose {
  readonly date: string;
  readonly close: number;
}

export interface RebasedComparison {
  /** The base day: the first day on or after the range's start on which every series traded. */
  readonly base: string | undefined;
  /** Every day from the base on which at least one series traded, in order. */
  readonly dates: readonly string[];
  /** Per series (in the order given), its level on each of `dates`, 100 on the base day. */
  readonly values: readonly (readonly (number | null)[])[];
}

const EMPTY: RebasedComparison = { base: undefined, dates: [], values: [] };

/** The closes of a series by day, oldest first, without unusable (non-positive) closes. */
const usable = (series: readonly DailyClose[]) =>
  [...series]
    .filter((bar) => Number.isFinite(bar.close) && bar.close > 0)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

/**
 * Rebases series of different exchanges to 100 on their first common trading day on or after
 * `from`. Exchanges keep different holidays (and weeks: Tadawul trades Sunday to Thursday), so
 * the axis is the union of their trading days; on a day one series' market was closed its last
 * close carries forward (a closed market's price did not move), so every line is continuous and
 * comparable day by day. After a series' own last bar (delisted, or a stale feed) it has no
 * value: carrying it further would draw a flat line that never traded.
 *
 * A series without any bar at all (a symbol with no price history, say from an edited link) stays
 * out of the common start, which it would otherwise prevent for everyone, and has no values. A
 * series that has bars, but none usable in the range, does prevent it: there is then no common
 * day to compare from, so no base and no points.
 */
export function rebaseToCommonStart(
  series: readonly (readonly DailyClose[])[],
  from: string,
): RebasedComparison {
  const traded = series.flatMap((s, at) => (s.length > 0 ? [at] : []));
  if (traded.length === 0) return EMPTY;
  const sorted = series.map((s) => usable(s).filter((bar) => bar.date >= from));
  const days = traded.map((at) => new Set(sorted[at]!.map((bar) => bar.date)));
  const union = [...new Set(sorted.flatMap((s) => s.map((bar) => bar.date)))].sort();
  const base = union.find((day) => days.every((set) => set.has(day)));
  if (base === undefined) return EMPTY;
  const dates = union.filter((day) => day >= base);
  const values = sorted.map((s) => {
    if (s.length === 0) return [];
    const closes = new Map(s.map((bar) => [bar.date, bar.close]));
    const baseClose = closes.get(base)!;
    const last = s.at(-1)!.date;
    let carried = baseClose;
    return dates.map((day) => {
      if (day > last) return null;
      carried = closes.get(day) ?? carried;
      return (carried / baseClose) * 100;
    });
  });
  return { base, dates, values };
}

/** A series' last level of a comparison (its performance over the range, 100 = unchanged). */
export const lastLevel = (values: readonly (number | null)[]): number | undefined =>
  values.findLast((value): value is number => value !== null);
