/**
 * An exchange's wall clock and sessions at an instant, through Intl.DateTimeFormat (which carries
 * the IANA rules, so daylight-saving changes are exact): what day and minute it is there, whether
 * a session is running, and instants formatted as bars carry them. One clock for the simulated
 * market and the FMP adapter. Holidays are not modelled.
 */
import { dateOfDayNumber, pad2, weekdayOf } from '../day-numbers';
import { findExchange, type Exchange } from './exchanges';

const MS_PER_DAY = 86_400_000;

/**
 * The time zone of an exchange's clock. FMP dates bars on the exchange's wall clock; US listings
 * (most of FMP) trade in New York, so an exchange we do not model is read on that clock.
 */
export const DEFAULT_TIME_ZONE = 'America/New_York';
export const timeZoneOf = (exchangeShortName: string): string =>
  findExchange(exchangeShortName)?.timeZone ?? DEFAULT_TIME_ZONE;

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

/** Whether a session is running at the instant (open inclusive, close exclusive). */
export function isOpen(exchange: Exchange, instant: Date | number): boolean {
  const local = localTimeOf(exchange.timeZone, +instant);
  if (!exchange.tradingDays.includes(weekdayOf(local.day))) return false;
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

/** 'YYYY-MM-DD' of an instant on `timeZone`'s wall clock. */
export const localDateOf = (timeZone: string, instant: Date | number): string =>
  dateOfDayNumber(localTimeOf(timeZone, +instant).day);
