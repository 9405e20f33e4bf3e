import { findExchange, type Exchange } from '../../../core/market/exchanges';

/**
 * FMP dates bars on the exchange's wall clock; US listings (most of FMP) trade in New York, so an
 * exchange we do not model is read on that clock.
 */
export const DEFAULT_TIME_ZONE = 'America/New_York';

export interface WallClock {
  /** 'YYYY-MM-DD' */
  readonly date: string;
  /** 'YYYY-MM-DD HH:mm:ss', as FMP's intraday bars carry it (comparable as strings). */
  readonly dateTime: string;
  /** 0 = Sunday … 6 = Saturday. */
  readonly weekday: number;
  /** Minutes after midnight, seconds as the fraction. */
  readonly minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function wallClock(timeZone: string, instant: Date): WallClock {
  const p = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type in p) p[part.type as keyof typeof p] = part.value;
  }
  const date = `${p.year}-${p.month}-${p.day}`;
  return {
    date,
    dateTime: `${date} ${p.hour}:${p.minute}:${p.second}`,
    weekday: new Date(`${date}T00:00:00Z`).getUTCDay(),
    minute: Number(p.hour) * 60 + Number(p.minute) + Number(p.second) / 60,
  };
}

export const timeZoneOf = (exchangeShortName: string): string =>
  findExchange(exchangeShortName)?.timeZone ?? DEFAULT_TIME_ZONE;

/**
 * Whether a session of the exchange is running (open inclusive, close exclusive). Computed from
 * core's calendar rather than asked of FMP: it saves a call per quote. Holidays are not modelled.
 */
export function isSessionOpen(exchange: Exchange, instant: Date): boolean {
  const local = wallClock(exchange.timeZone, instant);
  if (!exchange.tradingDays.includes(local.weekday)) return false;
  return exchange.sessions.some(
    (s) => local.minute >= s.openMinute && local.minute < s.closeMinute,
  );
}
