import { formatPercent, formatPrice } from '../format';
import { dateOfDayNumber, dayNumberOf } from '../day-numbers';

/**
 * Corporate-calendar events (the Calendar tab): earnings dates, dividends and splits, as the
 * market-data provider's calendar endpoints report them and the demo universe generates them.
 * One shape for both sources, so the service, the SPA and the .ics export read them the same way.
 */

/** The feature as the plans name it (Premium's ENTITLEMENTS.calendar in core/subscription.ts). */
export const CALENDAR_FEATURE_NAME = 'The earnings, dividend and split calendar';

export const CALENDAR_EVENT_KINDS = ['earnings', 'dividend', 'split'] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

/** When the company reports relative to the session: before the open, after the close. */
export type EarningsTime = 'bmo' | 'amc';

export interface EarningsEvent {
  readonly kind: 'earnings';
  readonly symbol: string;
  /** The report day, YYYY-MM-DD. */
  readonly date: string;
  /** The end of the fiscal quarter reported, YYYY-MM-DD. */
  readonly fiscalDateEnding: string;
  readonly time?: EarningsTime;
  readonly epsEstimated: number | null;
  /** Reported EPS: only once the report day has come (see `asOf`). */
  readonly eps: number | null;
  /** eps − epsEstimated, when both are known. */
  readonly surprise: number | null;
  /** The surprise as a percentage of |epsEstimated|, when that is not 0. */
  readonly surprisePercent: number | null;
  readonly currency?: string;
}

export interface DividendEvent {
  readonly kind: 'dividend';
  readonly symbol: string;
  /** The ex-dividend day, YYYY-MM-DD: the day the event is listed under. */
  readonly date: string;
  readonly declarationDate: string | null;
  readonly recordDate: string | null;
  readonly paymentDate: string | null;
  /** Per share, in the listing's currency. */
  readonly dividend: number;
  /**
   * The company's dividend yield in percent (core/market/dividend-yield.ts, as the screener shows
   * it); null when the price is unknown.
   */
  readonly yield: number | null;
  /** Payments per year (4 for quarterly). */
  readonly frequency: number;
  readonly currency?: string;
}

export interface SplitEvent {
  readonly kind: 'split';
  readonly symbol: string;
  /** The first day the shares trade split, YYYY-MM-DD. */
  readonly date: string;
  /** numerator-for-denominator: 2 for 1 is { numerator: 2, denominator: 1 }. */
  readonly numerator: number;
  readonly denominator: number;
}

export type CalendarEvent = EarningsEvent | DividendEvent | SplitEvent;

/** A date range, both ends included, as the calendar API takes it. */
export interface CalendarRange {
  readonly from: string;
  readonly to: string;
}

/** The widest range one request may ask for: a month view's six weeks with room to spare. */
export const MAX_CALENDAR_RANGE_DAYS = 100;
/** The most symbols one request may filter to (a Premium watchlist's 200, with room). */
export const MAX_CALENDAR_SYMBOLS = 250;

/** Days in a range, both ends counted. */
export const rangeDays = ({ from, to }: CalendarRange): number =>
  dayNumberOf(to) - dayNumberOf(from) + 1;

export const addDaysTo = (date: string, days: number): string =>
  dateOfDayNumber(dayNumberOf(date) + days);

export const inRange = (date: string, { from, to }: CalendarRange): boolean =>
  date >= from && date <= to;

const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/** eps − estimate and its percentage of |estimate|, when both are known. */
export function earningsSurprise(
  eps: number | null,
  epsEstimated: number | null,
): Pick<EarningsEvent, 'surprise' | 'surprisePercent'> {
  if (eps === null || epsEstimated === null) return { surprise: null, surprisePercent: null };
  const surprise = round(eps - epsEstimated, 4);
  return {
    surprise,
    surprisePercent:
      epsEstimated === 0 ? null : round((surprise / Math.abs(epsEstimated)) * 100, 2),
  };
}

/**
 * What may be shown on `today`: a report not yet due shows its estimate only, whatever a source
 * already holds (a provider's early figure, the demo's simulated one), so actual and surprise
 * appear only from the report day on.
 */
export function asOf(event: CalendarEvent, today: string): CalendarEvent {
  if (event.kind !== 'earnings' || event.date <= today || event.eps === null) return event;
  return { ...event, eps: null, surprise: null, surprisePercent: null };
}

const KIND_ORDER: Record<CalendarEventKind, number> = { earnings: 0, dividend: 1, split: 2 };

/** Calendar order: by day, then earnings before dividends before splits, then by symbol. */
export const compareEvents = (a: CalendarEvent, b: CalendarEvent): number =>
  a.date.localeCompare(b.date) ||
  KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
  a.symbol.localeCompare(b.symbol);

/** One event per kind, symbol and day (a provider listing one twice is read once). */
export const eventKey = (e: CalendarEvent): string => `${e.kind}:${e.symbol}:${e.date}`;

/**
 * The events of a range, optionally of some symbols and kinds, as shown on `today`: deduplicated
 * and in calendar order.
 */
export function selectEvents(
  events: Iterable<CalendarEvent>,
  options: {
    readonly range: CalendarRange;
    readonly today: string;
    readonly symbols?: readonly string[];
    readonly kinds?: readonly CalendarEventKind[];
  },
): CalendarEvent[] {
  const symbols = options.symbols && new Set(options.symbols.map((s) => s.toUpperCase()));
  const kinds = options.kinds && new Set(options.kinds);
  const seen = new Map<string, CalendarEvent>();
  for (const event of events) {
    if (!inRange(event.date, options.range)) continue;
    if (symbols && !symbols.has(event.symbol.toUpperCase())) continue;
    if (kinds && !kinds.has(event.kind)) continue;
    const key = eventKey(event);
    if (!seen.has(key)) seen.set(key, asOf(event, options.today));
  }
  return [...seen.values()].sort(compareEvents);
}

/** A split's ratio as people write it: "2-for-1", "1-for-10" (a reverse split). */
export const splitRatio = (e: Pick<SplitEvent, 'numerator' | 'denominator'>): string =>
  `${e.numerator}-for-${e.denominator}`;

// Per-share amounts print as prices do everywhere (formatPrice: four decimals below one unit).
const money = (amount: number, currency: string | undefined) =>
  `${formatPrice(amount)}${currency ? ` ${currency}` : ''}`;

/** The event's one-line title (the calendar's cells and the .ics SUMMARY). */
export function eventTitle(e: CalendarEvent): string {
  switch (e.kind) {
    case 'earnings':
      return `${e.symbol} earnings`;
    case 'dividend':
      return `${e.symbol} ex-dividend ${money(e.dividend, e.currency)}`;
    case 'split':
      return `${e.symbol} ${splitRatio(e)} stock split`;
  }
}

/** The event's details, one fact per line (the list view and the .ics DESCRIPTION). */
export function eventDetails(e: CalendarEvent): string[] {
  switch (e.kind) {
    case 'earnings': {
      const lines = [`Fiscal quarter ending ${e.fiscalDateEnding}`];
      if (e.time)
        lines.push(e.time === 'bmo' ? 'Before the market opens' : 'After the market closes');
      lines.push(
        `EPS estimate: ${e.epsEstimated === null ? 'n/a' : money(e.epsEstimated, e.currency)}`,
      );
      if (e.eps !== null) {
        lines.push(`EPS reported: ${money(e.eps, e.currency)}`);
        if (e.surprise !== null) {
          const pct =
            e.surprisePercent === null
              ? ''
              : ` (${e.surprisePercent > 0 ? '+' : ''}${e.surprisePercent}%)`;
          lines.push(`Surprise: ${e.surprise > 0 ? '+' : ''}${e.surprise}${pct}`);
        }
      }
      return lines;
    }
    case 'dividend':
      return [
        `Dividend per share: ${money(e.dividend, e.currency)}`,
        ...(e.yield === null ? [] : [`Yield: ${formatPercent(e.yield)}`]),
        `Declared: ${e.declarationDate ?? 'n/a'}`,
        `Ex-date: ${e.date}`,
        `Record: ${e.recordDate ?? 'n/a'}`,
        `Payable: ${e.paymentDate ?? 'n/a'}`,
      ];
    case 'split':
      return [`Stock split ${splitRatio(e)}`];
  }
}

/**
 * Each symbol's next earnings report on or after `today` (a watchlist row's "next earnings"
 * column reads the calendar through this), from events in any order.
 */
export function nextEarningsBySymbol(
  events: Iterable<CalendarEvent>,
  today: string,
): Map<string, EarningsEvent> {
  const next = new Map<string, EarningsEvent>();
  for (const e of events) {
    if (e.kind !== 'earnings' || e.date < today) continue;
    const known = next.get(e.symbol);
    if (!known || e.date < known.date) next.set(e.symbol, e);
  }
  return next;
}
