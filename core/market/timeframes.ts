import { CHART_INTERVALS, CHART_RANGES } from '../constants';
import { formatDate } from '../format';
import type { StatementPeriod } from './types';

/**
 * Chart timeframes of SPEC §3/§9: 1D and 5D are intraday (1min and 5min bars, from today and from
 * 5 days ago); the longer ranges read daily bars, ALL from 40 years ago.
 */
export const TIMEFRAMES = [
  '1D',
  '5D',
  '3M',
  '6M',
  '1Y',
  '2Y',
  '5Y',
  'ALL',
] as const satisfies readonly (keyof typeof CHART_RANGES)[];
export type Timeframe = (typeof TIMEFRAMES)[number];

const [ONE_MINUTE, FIVE_MINUTES] = CHART_INTERVALS;
/** Interval of the long ranges, read from /stocks/chart/{symbol}/months-years (§7). */
export const DAILY_INTERVAL = '1day';
type IntradayInterval = (typeof CHART_INTERVALS)[number];
export type ChartInterval = IntradayInterval | typeof DAILY_INTERVAL;

const INTERVALS: Readonly<Record<Timeframe, ChartInterval>> = {
  '1D': ONE_MINUTE,
  '5D': FIVE_MINUTES,
  '3M': DAILY_INTERVAL,
  '6M': DAILY_INTERVAL,
  '1Y': DAILY_INTERVAL,
  '2Y': DAILY_INTERVAL,
  '5Y': DAILY_INTERVAL,
  ALL: DAILY_INTERVAL,
};

export const isTimeframe = (value: unknown): value is Timeframe =>
  (TIMEFRAMES as readonly unknown[]).includes(value);

export interface TimeframeRequest {
  readonly interval: ChartInterval;
  /** First day to chart, 'YYYY-MM-DD' (UTC). */
  readonly from: string;
}

export interface Range {
  readonly days?: number;
  readonly months?: number;
  readonly years?: number;
}

/**
 * The UTC calendar day `range` before `now`. Months and years keep the day of the month, clamped
 * to the target month's length: 31 May − 3 months is 28/29 February, not 3 March.
 */
export function dayBefore(now: Date, { days = 0, months = 0, years = 0 }: Range): Date {
  const totalMonths = now.getUTCFullYear() * 12 + now.getUTCMonth() - years * 12 - months;
  const year = Math.floor(totalMonths / 12);
  const month = totalMonths - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(now.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day - days));
}

/** What to ask the chart endpoints for a timeframe, counted back from `now` in UTC days. */
export function timeframeRequest(timeframe: Timeframe, now: Date): TimeframeRequest {
  return {
    interval: INTERVALS[timeframe],
    from: formatDate(dayBefore(now, CHART_RANGES[timeframe])),
  };
}

/** A call of the asset API's chart endpoints (core/api/asset.ts), by endpoint name. */
export type ChartRequest = { readonly params: { readonly symbol: string } } & (
  | {
      readonly endpoint: 'intraday';
      readonly query: { readonly day: IntradayInterval; readonly from: string };
    }
  | { readonly endpoint: 'daily'; readonly query: { readonly from: string } }
);

/**
 * §7: intraday timeframes read /stocks/chart/{symbol} with `day` (the interval) and `from`; the
 * others read /stocks/chart/{symbol}/months-years with `from`.
 */
export function chartRequest(symbol: string, timeframe: Timeframe, now: Date): ChartRequest {
  const { interval, from } = timeframeRequest(timeframe, now);
  const params = { symbol };
  return interval === DAILY_INTERVAL
    ? { endpoint: 'daily', params, query: { from } }
    : { endpoint: 'intraday', params, query: { day: interval, from } };
}

/** §3 period labels. */
export const PERIOD_LABELS: Readonly<Record<StatementPeriod, string>> = {
  annual: 'Annual',
  quarter: 'Quarterly',
};

export const STATEMENT_PERIODS = [
  'annual',
  'quarter',
] as const satisfies readonly StatementPeriod[];
