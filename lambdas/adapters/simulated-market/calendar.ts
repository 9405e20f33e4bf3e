/**
 * Trading calendar of an exchange: trading days (its weekdays, no holidays), session instants and
 * local wall-clock formatting. Local dates are handled as day numbers (days since 1970-01-01 of the
 * civil calendar) so loops over decades stay cheap; conversions to instants go through
 * Intl.DateTimeFormat, which carries the IANA rules, so daylight-saving changes are exact.
 */
import type { Exchange } from '../../../core/market/exchanges';
import { LruCache } from './lru';

export const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 86_400_000;

export { dateOfDayNumber, dayNumberOf, weekdayOf } from '../../../core/day-numbers';
import { dateOfDayNumber, pad2, weekdayOf } from '../../../core/day-numbers';

/** The same month and day `years` earlier (29 February falls on 1 March). */
export function yearsBefore(day: number, years: number): number {
  const date = new Date(day * MS_PER_DAY);
  return (
    Date.UTC(date.getUTCFullYear() - years, date.getUTCMonth(), date.getUTCDate()) / MS_PER_DAY
  );
}

export function isTradingDay(exchange: Exchange, day: number): boolean {
  return exchange.tradingDays.includes(weekdayOf(day));
}

function assertTrades(exchange: Exchange): void {
  if (exchange.tradingDays.length === 0) {
    throw new RangeError(`exchange ${exchange.shortName} has no trading days`);
  }
}

/** The last trading day on or before `day`. */
export function lastTradingDayOnOrBefore(exchange: Exchange, day: number): number {
  assertTrades(exchange);
  let d = day;
  while (!isTradingDay(exchange, d)) d -= 1;
  return d;
}

/** The first trading day on or after `day`. */
export function firstTradingDayOnOrAfter(exchange: Exchange, day: number): number {
  assertTrades(exchange);
  let d = day;
  while (!isTradingDay(exchange, d)) d += 1;
  return d;
}

/** The trading day before `day` (which need not itself be a trading day). */
export function previousTradingDay(exchange: Exchange, day: number): number {
  return lastTradingDayOnOrBefore(exchange, day - 1);
}

/** How many trading days [fromDay, toDay] holds (0 if toDay < fromDay), in O(1): whole weeks first. */
export function countTradingDays(exchange: Exchange, fromDay: number, toDay: number): number {
  if (toDay < fromDay) return 0;
  const weeks = Math.floor((toDay - fromDay + 1) / 7);
  let count = 0;
  for (let d = fromDay; d < fromDay + 7; d += 1) if (isTradingDay(exchange, d)) count += weeks;
  for (let d = fromDay + weeks * 7; d <= toDay; d += 1) if (isTradingDay(exchange, d)) count += 1;
  return count;
}

/** Trading days in [fromDay, toDay], ascending. */
export function tradingDaysBetween(exchange: Exchange, fromDay: number, toDay: number): number[] {
  const days: number[] = [];
  for (let d = fromDay; d <= toDay; d += 1) if (isTradingDay(exchange, d)) days.push(d);
  return days;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface LocalTime {
  /** Local date as a day number. */
  readonly day: number;
  /** Local wall-clock minutes after midnight. */
  readonly minute: number;
  readonly second: number;
}

/**
 * The last instant asked of each time zone and its wall clock: a screener quotes thousands of
 * instruments at the same `now`, and formatToParts costs microseconds.
 */
const lastLocalTimes = new Map<string, { readonly instant: number; readonly local: LocalTime }>();

/** The wall clock of `timeZone` at an instant (epoch ms). */
export function localTimeOf(timeZone: string, instant: number): LocalTime {
  const last = lastLocalTimes.get(timeZone);
  if (last !== undefined && last.instant === instant) return last.local;
  const local = computeLocalTime(timeZone, instant);
  lastLocalTimes.set(timeZone, { instant, local });
  return local;
}

function computeLocalTime(timeZone: string, instant: number): LocalTime {
  const fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type in fields) fields[part.type as keyof typeof fields] = Number(part.value);
  }
  return {
    day: Date.UTC(fields.year, fields.month - 1, fields.day) / MS_PER_DAY,
    minute: fields.hour * 60 + fields.minute,
    second: fields.second,
  };
}

/** Offset of `timeZone` from UTC at an instant, in ms (New York in winter: −5 h). */
export function timeZoneOffsetMs(timeZone: string, instant: number): number {
  const local = localTimeOf(timeZone, instant);
  const wall = local.day * MS_PER_DAY + local.minute * MS_PER_MINUTE + local.second * 1000;
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which `timeZone`'s wall clock reads `minuteOfDay` on local `day`. A wall time
 * that occurs twice (clocks going back) resolves to the earlier instant; one skipped by clocks
 * going forward resolves as if the old offset still applied (02:30 → 03:30), like Temporal's
 * 'compatible' disambiguation.
 */
export function zonedTimeToUtc(timeZone: string, day: number, minuteOfDay: number): number {
  const wall = day * MS_PER_DAY + minuteOfDay * MS_PER_MINUTE;
  // Offsets never exceed ±14 h, so these two bracket any transition near this wall time.
  const before = timeZoneOffsetMs(timeZone, wall - 14 * 3_600_000);
  const after = timeZoneOffsetMs(timeZone, wall + 14 * 3_600_000);
  const candidates = [before, after]
    .map((offset) => wall - offset)
    .filter((instant) => wall - timeZoneOffsetMs(timeZone, instant) === instant);
  return candidates.length > 0 ? Math.min(...candidates) : wall - before;
}

/** A trading session of one local day, as local minutes and UTC instants (epoch ms). */
export interface SessionBounds {
  readonly openMinute: number;
  readonly closeMinute: number;
  readonly openMs: number;
  readonly closeMs: number;
}

/** Days whose sessions stay memoised per exchange (each takes a dozen formatToParts calls). */
const SESSION_CACHE_DAYS = 1_024;
const sessionCaches = new WeakMap<Exchange, LruCache<number, readonly SessionBounds[]>>();

/** The sessions of a local day, in order; none on a non-trading day. */
export function sessionsOn(exchange: Exchange, day: number): readonly SessionBounds[] {
  if (!isTradingDay(exchange, day)) return [];
  let cache = sessionCaches.get(exchange);
  if (cache === undefined) {
    cache = new LruCache(SESSION_CACHE_DAYS);
    sessionCaches.set(exchange, cache);
  }
  return cache.getOrCreate(day, () => sessionBounds(exchange, day));
}

function sessionBounds(exchange: Exchange, day: number): readonly SessionBounds[] {
  return exchange.sessions.map((s) => ({
    openMinute: s.openMinute,
    closeMinute: s.closeMinute,
    openMs: zonedTimeToUtc(exchange.timeZone, day, s.openMinute),
    closeMs: zonedTimeToUtc(exchange.timeZone, day, s.closeMinute),
  }));
}

/** Whether a session is running at the instant (open inclusive, close exclusive). */
export function isOpen(exchange: Exchange, instant: Date | number): boolean {
  const local = localTimeOf(exchange.timeZone, +instant);
  if (!isTradingDay(exchange, local.day)) return false;
  const minute = local.minute + local.second / 60;
  return exchange.sessions.some((s) => minute >= s.openMinute && minute < s.closeMinute);
}

/** 'YYYY-MM-DD HH:mm:ss' from a local day and wall-clock minute (what intraday bars carry). */
export function formatDayMinute(day: number, minuteOfDay: number, second = 0): string {
  return `${dateOfDayNumber(day)} ${pad2(Math.floor(minuteOfDay / 60))}:${pad2(minuteOfDay % 60)}:${pad2(second)}`;
}

/** 'YYYY-MM-DD HH:mm:ss' of an instant on `timeZone`'s wall clock. */
export function formatLocalDateTime(timeZone: string, instant: Date | number): string {
  const local = localTimeOf(timeZone, +instant);
  return formatDayMinute(local.day, local.minute, local.second);
}
