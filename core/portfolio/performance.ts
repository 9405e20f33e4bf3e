import { formatDate, parseIsoDate } from '../format';
import { dayBefore, type Range } from '../market/timeframes';
import { xirr, type CashFlow } from './money-weighted-return';
import { timeWeightedReturn } from './time-weighted-return';
import type { ValuePoint } from './value-series';

/**
 * A portfolio's performance over the periods it is shown for, each measured from the close of its
 * base day (the period's first day's eve) to the close of the last day valued. A portfolio younger
 * than the period is measured from nothing, its first day's buys included.
 */

export const PERFORMANCE_PERIODS = ['1M', 'YTD', '1Y', '3Y', 'ALL'] as const;
export type PerformancePeriod = (typeof PERFORMANCE_PERIODS)[number];

const BACK: Readonly<Record<'1M' | '1Y' | '3Y', Range>> = {
  '1M': { months: 1 },
  '1Y': { years: 1 },
  '3Y': { years: 3 },
};

/**
 * The base day of a period ending `today`: a month or years before (clamped to the month's end),
 * 31 December of last year for YTD; undefined for ALL (the first day valued).
 */
export function periodBase(period: PerformancePeriod, today: string): string | undefined {
  if (period === 'ALL') return undefined;
  if (period === 'YTD') return `${String(Number(today.slice(0, 4)) - 1).padStart(4, '0')}-12-31`;
  const day = parseIsoDate(today);
  if (!day) throw new RangeError(`not a YYYY-MM-DD date: ${today}`);
  return formatDate(dayBefore(day, BACK[period]));
}

/**
 * The points of [base, to]: from the last point on or before `base` (the first one when the
 * portfolio is younger) to the last on or before `to`.
 */
export function pointsBetween<T extends { readonly date: string }>(
  points: readonly T[],
  base: string | undefined,
  to: string,
): T[] {
  let first = 0;
  let end = 0;
  for (let i = 0; i < points.length && points[i]!.date <= to; i++) {
    end = i + 1;
    if (base !== undefined && points[i]!.date <= base) first = i;
  }
  return points.slice(first, end);
}

export interface PeriodPerformance {
  readonly period: PerformancePeriod;
  /** The base day and the last day valued. */
  readonly from: string;
  readonly to: string;
  readonly startValue: number;
  readonly endValue: number;
  /** Money put in during the period less money taken out (dividends included). */
  readonly netFlow: number;
  readonly dividends: number;
  /** null when nothing was held on any day of the period but its last. */
  readonly timeWeightedReturn: number | null;
  /** Annual rate (XIRR); null when the flows have none. */
  readonly moneyWeightedReturn: number | null;
}

const EMPTY: ValuePoint = { date: '', value: 0, inflow: 0, outflow: 0, dividends: 0 };

/**
 * Performance over one period. The money-weighted return treats the start value as paid in on the
 * base day and the end value as received on the last day, with every flow between (put in: paid,
 * taken out: received). undefined when no point falls in the period.
 */
export function periodPerformance(
  points: readonly ValuePoint[],
  period: PerformancePeriod,
  today: string,
): PeriodPerformance | undefined {
  const base = periodBase(period, today);
  const first = points[0];
  if (!first || first.date > today) return undefined;
  // A portfolio younger than the period starts from nothing: its first day's buys are part of it.
  const window =
    base !== undefined && first.date <= base
      ? pointsBetween(points, base, today)
      : [{ ...EMPTY, date: first.date }, ...pointsBetween(points, undefined, today)];
  const start = window[0]!;
  const end = window.at(-1)!;
  const later = window.slice(1);
  const flows: CashFlow[] = [
    { date: start.date, amount: -start.value },
    ...later.map((p) => ({ date: p.date, amount: p.outflow - p.inflow })),
    { date: end.date, amount: end.value },
  ];
  return {
    period,
    from: start.date,
    to: end.date,
    startValue: start.value,
    endValue: end.value,
    netFlow: later.reduce((sum, p) => sum + p.inflow - p.outflow, 0),
    dividends: later.reduce((sum, p) => sum + p.dividends, 0),
    timeWeightedReturn: timeWeightedReturn(window),
    moneyWeightedReturn: xirr(flows),
  };
}

/** Performance over every period. */
export const performanceByPeriod = (
  points: readonly ValuePoint[],
  today: string,
): PeriodPerformance[] =>
  PERFORMANCE_PERIODS.flatMap((period) => periodPerformance(points, period, today) ?? []);

export interface Close {
  readonly date: string;
  readonly close: number;
}

/** A benchmark index's price return over a period (its closes, ascending), to set beside the TWR. */
export function benchmarkReturn(
  closes: readonly Close[],
  period: PerformancePeriod,
  today: string,
): number | null {
  const window = pointsBetween(closes, periodBase(period, today), today);
  const start = window[0];
  const end = window.at(-1);
  return start && end && start.close > 0 && window.length > 1 ? end.close / start.close - 1 : null;
}
