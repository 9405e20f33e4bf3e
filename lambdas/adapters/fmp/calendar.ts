import type * as z from 'zod';
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
  dividendsSchema,
  earningsListSchema,
  splitsSchema,
  type FmpDividend,
  type FmpEarnings,
  type FmpSplit,
} from './calendar-schemas';
import { ProviderError } from './provider-error';

/**
 * FMP answers a market-wide calendar for at most 90 days a call (its documentation's limit; the
 * splits calendar reaches no further back from `to` than that): longer ranges go in windows.
 */
export const FMP_CALENDAR_WINDOW_DAYS = 90;
/**
 * Rows a page of a market-wide calendar holds at most. FMP's documentation has said 3000 and
 * later 4000, and a busy week of dividends fills either: a page with fewer rows than the smaller
 * is surely the last, a fuller one is followed by the next (`page`, from 0).
 */
export const FMP_CALENDAR_PAGE_ROWS = 3000;
/**
 * Pages read of one window at most (90 days of the busiest season's dividends fill about 27): a
 * window still full after them fails rather than be cut short in silence.
 */
export const FMP_CALENDAR_MAX_PAGES = 30;
/**
 * Up to this many symbols, their histories are read one by one (three calls each); more, and the
 * market-wide calendars of the range are read and filtered (three paged calls per window).
 */
export const FMP_PER_SYMBOL_MAX = 5;

const EARNINGS_CALENDAR = '/stable/earnings-calendar';
const DIVIDENDS_CALENDAR = '/stable/dividends-calendar';
const SPLITS_CALENDAR = '/stable/splits-calendar';
const EARNINGS = '/stable/earnings';
const DIVIDENDS = '/stable/dividends';
const SPLITS = '/stable/splits';

export const toEarnings = (e: FmpEarnings): EarningsEvent => {
  const eps = e.epsActual ?? null;
  const epsEstimated = e.epsEstimated ?? null;
  return {
    kind: 'earnings',
    symbol: e.symbol,
    date: e.date,
    // The stable rows do not name the quarter reported: the report day is the best hint of it.
    fiscalDateEnding: e.date,
    epsEstimated,
    eps,
    ...earningsSurprise(eps, epsEstimated),
  };
};

/** Payments a year by FMP's word for them, spelling aside ('Semi-Annual', 'semiannual'). */
const PAYMENTS_PER_YEAR: Readonly<Record<string, number>> = {
  weekly: 52,
  monthly: 12,
  quarterly: 4,
  semiannual: 2,
  annual: 1,
  annually: 1,
};

/**
 * Payments a year from FMP's frequency. Anything else ('Irregular', 'Special', none) counts as one:
 * a yield never annualises a one-off payment as if it recurred.
 */
export const paymentsPerYear = (frequency: string | null | undefined): number =>
  PAYMENTS_PER_YEAR[(frequency ?? '').toLowerCase().replace(/[^a-z]/g, '')] ?? 1;

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
    // The asset service computes it with core's rule over the live price.
    yield: null,
    frequency: paymentsPerYear(d.frequency),
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

/** A row's identity, to tell a page FMP repeats (a `page` it ignores) from the next one. */
const rowKey = (row: { symbol: string; date: string } | undefined) =>
  row ? `${row.symbol}@${row.date}` : '';

/** The MarketCalendar port over FMP's stable earnings, dividend and split calendars. */
export function createFmpMarketCalendar(client: FmpClient): MarketCalendar {
  /** Every page of one market-wide calendar for one window. */
  const allPages = async <T extends { symbol: string; date: string }>(
    path: string,
    window: CalendarRange,
    schema: z.ZodType<T[]>,
  ): Promise<T[]> => {
    const rows: T[] = [];
    let previous = '';
    for (let page = 0; page < FMP_CALENDAR_MAX_PAGES; page += 1) {
      const answer = await client.get(path, { from: window.from, to: window.to, page }, schema);
      if (answer.length < FMP_CALENDAR_PAGE_ROWS) return [...rows, ...answer];
      const key = `${answer.length}:${rowKey(answer[0])}:${rowKey(answer.at(-1))}`;
      if (key === previous) {
        throw new ProviderError('invalid', path, `page ${page} repeats page ${page - 1}`);
      }
      previous = key;
      rows.push(...answer);
    }
    throw new ProviderError(
      'invalid',
      path,
      `${window.from}..${window.to} is still full after ${FMP_CALENDAR_MAX_PAGES} pages`,
    );
  };

  const marketWide = async (window: CalendarRange): Promise<CalendarEvent[]> => {
    const [earnings, dividends, splits] = await Promise.all([
      allPages(EARNINGS_CALENDAR, window, earningsListSchema),
      allPages(DIVIDENDS_CALENDAR, window, dividendsSchema),
      allPages(SPLITS_CALENDAR, window, splitsSchema),
    ]);
    return [
      ...earnings.map(toEarnings),
      ...dividends.map(toDividend).filter(defined),
      ...splits.map(toSplit),
    ];
  };

  /** A symbol's whole histories (FMP takes no range there); listed under the symbol asked. */
  const ofSymbol = async (symbol: string): Promise<CalendarEvent[]> => {
    const [earnings, dividends, splits] = await Promise.all([
      client.get(EARNINGS, { symbol }, earningsListSchema),
      client.get(DIVIDENDS, { symbol }, dividendsSchema),
      client.get(SPLITS, { symbol }, splitsSchema),
    ]);
    return [
      ...earnings.map((e) => toEarnings({ ...e, symbol })),
      ...dividends.map((d) => toDividend({ ...d, symbol })).filter(defined),
      ...splits.map((s) => toSplit({ ...s, symbol })),
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
