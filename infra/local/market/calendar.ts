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
import { weekdayOf } from '../../../core/day-numbers';
import { localTimeOf } from '../../../core/market/exchange-clock';

// The wall clock and session check are core's (the FMP adapter and the SPA use them too).
export {
  formatDayMinute,
  formatLocalDateTime,
  isOpen,
  localTimeOf,
  type LocalTime,
} from '../../../core/market/exchange-clock';

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
