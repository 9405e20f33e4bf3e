import {
  addDaysTo,
  earningsSurprise,
  type CalendarEvent,
  type CalendarRange,
  type DividendEvent,
  type EarningsEvent,
  type SplitEvent,
} from '../../../core/market/calendar';
import type { MarketCalendar } from '../../ports/market-calendar';
import type { FmpClient } from './client';
import {
  dividendCalendarSchema,
  dividendHistorySchema,
  earningsListSchema,
  splitCalendarSchema,
  splitHistorySchema,
  type FmpDividend,
  type FmpEarnings,
  type FmpSplit,
} from './calendar-schemas';

/** FMP answers a calendar for at most three months per call: longer ranges go in windows. */
export const FMP_CALENDAR_WINDOW_DAYS = 90;
/**
 * Up to this many symbols, their histories are read one by one (three calls each); more, and the
 * market-wide calendars of the range are read and filtered (three calls per window).
 */
export const FMP_PER_SYMBOL_MAX = 5;
/** The v3 dividend endpoints do not say how often a company pays: quarterly is assumed. */
export const FMP_ASSUMED_DIVIDEND_FREQUENCY = 4;

const segment = encodeURIComponent;

export const toEarnings = (e: FmpEarnings): EarningsEvent => {
  const eps = e.eps ?? null;
  const epsEstimated = e.epsEstimated ?? null;
  return {
    kind: 'earnings',
    symbol: e.symbol,
    date: e.date,
    // Older rows lack it: the report day is then the best hint of the quarter.
    fiscalDateEnding: e.fiscalDateEnding ?? e.date,
    ...(e.time === 'bmo' || e.time === 'amc' ? { time: e.time } : {}),
    epsEstimated,
    eps,
    ...earningsSurprise(eps, epsEstimated),
  };
};

export const toDividend = (d: FmpDividend): DividendEvent | undefined => {
  const dividend = d.dividend ?? d.adjDividend;
  if (dividend === null || dividend === undefined) return undefined;
  return {
    kind: 'dividend',
    symbol: d.symbol,
    date: d.date,
    declarationDate: d.declarationDate,
    recordDate: d.recordDate,
    paymentDate: d.paymentDate,
    dividend,
    yield: null,
    frequency: FMP_ASSUMED_DIVIDEND_FREQUENCY,
  };
};

export const toSplit = (s: FmpSplit): SplitEvent => ({
  kind: 'split',
  symbol: s.symbol,
  date: s.date,
  numerator: s.numerator,
  denominator: s.denominator,
});

/** Consecutive windows of at most FMP_CALENDAR_WINDOW_DAYS covering the range. */
export function calendarWindows({ from, to }: CalendarRange): CalendarRange[] {
  const windows: CalendarRange[] = [];
  for (let start = from; start <= to; start = addDaysTo(start, FMP_CALENDAR_WINDOW_DAYS)) {
    const end = addDaysTo(start, FMP_CALENDAR_WINDOW_DAYS - 1);
    windows.push({ from: start, to: end < to ? end : to });
  }
  return windows;
}

const defined = <T>(x: T | undefined): x is T => x !== undefined;

/** The MarketCalendar port over FMP's earnings, dividend and split calendars. */
export function createFmpMarketCalendar(client: FmpClient): MarketCalendar {
  const marketWide = async (range: CalendarRange): Promise<CalendarEvent[]> => {
    const query = { from: range.from, to: range.to };
    const [earnings, dividends, splits] = await Promise.all([
      client.get('/v3/earning_calendar', query, earningsListSchema),
      client.get('/v3/stock_dividend_calendar', query, dividendCalendarSchema),
      client.get('/v3/stock_split_calendar', query, splitCalendarSchema),
    ]);
    return [
      ...earnings.map(toEarnings),
      ...dividends.map(toDividend).filter(defined),
      ...splits.map(toSplit),
    ];
  };

  const ofSymbol = async (symbol: string): Promise<CalendarEvent[]> => {
    const [earnings, dividends, splits] = await Promise.all([
      client.get(`/v3/historical/earning_calendar/${segment(symbol)}`, {}, earningsListSchema),
      client.get(
        `/v3/historical-price-full/stock_dividend/${segment(symbol)}`,
        {},
        dividendHistorySchema,
      ),
      client.get(
        `/v3/historical-price-full/stock_split/${segment(symbol)}`,
        {},
        splitHistorySchema,
      ),
    ]);
    return [
      ...earnings.map(toEarnings),
      ...(dividends.historical ?? []).map((d) => toDividend({ ...d, symbol })).filter(defined),
      ...(splits.historical ?? []).map((s) => toSplit({ ...s, symbol })),
    ];
  };

  return {
    async events(range, symbols) {
      const inRange = (e: CalendarEvent) => e.date >= range.from && e.date <= range.to;
      if (symbols && symbols.length <= FMP_PER_SYMBOL_MAX) {
        return (await Promise.all(symbols.map(ofSymbol))).flat().filter(inRange);
      }
      const wanted = symbols && new Set(symbols);
      const events = (await Promise.all(calendarWindows(range).map(marketWide))).flat();
      return events.filter((e) => inRange(e) && (!wanted || wanted.has(e.symbol)));
    },
  };
}
