/**
 * Number and date formatting of SPEC §8/§9: thousands separators and two decimals, amounts in
 * millions or billions, prices with enough decimals, dates as YYYY-MM-DD and moments as
 * 'YYYY-MM-DD at HH:mm' with the reader's time zone. Always en-US so the SPA and the Lambdas (and every
 * visitor's browser) print the same text.
 */

export type AmountUnit = 'M' | 'B';

/** Shown for a missing value (null, undefined, NaN, ±Infinity) instead of 'NaN' or '0.00'. */
export const MISSING_VALUE = '—';

/** §8, word for word. */
export const INVALID_FORMAT_UNIT_MESSAGE =
  "Invalid format. Use 'M' for million or 'B' for billion.";

const UNIT_DIVISORS: Readonly<Record<AmountUnit, number>> = { M: 1e6, B: 1e9 };

// Built once, on first use: constructing an Intl formatter costs far more than formatting with it,
// and building all of them at module load put ~70 ms (4x throttled) on the page's boot path.
const memo = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
// Two decimals, as a number or a percent. signDisplay 'negative' keeps -0.001 from printing as
// '-0.00'; 'exceptZero' judges the rounded value, so 0.001 prints '0.00', never '+0.00'.
const twoDecimals = (style: 'decimal' | 'percent', signDisplay: 'negative' | 'exceptZero') =>
  memo(
    () =>
      new Intl.NumberFormat('en-US', {
        style,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay,
      }),
  );
const TWO_DECIMALS = twoDecimals('decimal', 'negative');
const SIGNED_TWO_DECIMALS = twoDecimals('decimal', 'exceptZero');
const PERCENT = twoDecimals('percent', 'negative');
const SIGNED_PERCENT = twoDecimals('percent', 'exceptZero');
const WHOLE = memo(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));

const isPresent = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export const isAmountUnit = (unit: unknown): unit is AmountUnit => unit === 'M' || unit === 'B';

/** 1234567.891 → '1,234,567.89'. */
export function formatNumber(value: number | null | undefined): string {
  return isPresent(value) ? TWO_DECIMALS().format(value) : MISSING_VALUE;
}

// Below one unit two decimals lose the price (0.2986 GBP is not 0.30): up to four, at least two.
const SMALL_PRICE = memo(
  () =>
    new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
      signDisplay: 'negative',
    }),
);

/**
 * A price, a price target or a level, wherever one shows: two decimals from one unit up
 * ('1,234.50'), below that up to four ('0.2986', '0.05'), so a penny stock's price and its
 * moves stay readable.
 */
export function formatPrice(value: number | null | undefined): string {
  if (!isPresent(value)) return MISSING_VALUE;
  return (Math.abs(value) < 1 ? SMALL_PRICE : TWO_DECIMALS)().format(value);
}

/** A count: 6000 → '6,000' (whole, grouped). */
export function formatCount(value: number | null | undefined): string {
  return isPresent(value) ? WHOLE().format(value) : MISSING_VALUE;
}

/**
 * §8/§9: the value in millions ('M') or billions ('B'), two decimals, no suffix:
 * 1234567890 → 'B' '1.23', 'M' '1,234.57'. Any other unit is a programming error, so it throws an
 * Error whose message is the §8 text (checked before the value, so it surfaces even for missing
 * values); untyped callers (forms, JSON) get the same guard.
 */
export function formatAmount(value: number | null | undefined, unit: AmountUnit): string {
  if (!isAmountUnit(unit)) throw new Error(INVALID_FORMAT_UNIT_MESSAGE);
  return isPresent(value) ? TWO_DECIMALS().format(value / UNIT_DIVISORS[unit]) : MISSING_VALUE;
}

/**
 * Market caps and other large amounts with the unit chosen for the reader: '2.35B', '456.79M'.
 * Picks B when the amount would round to 1,000.00M or more; below a million there is no unit to
 * show, so the plain number is printed.
 */
export function formatCompact(value: number | null | undefined): string {
  if (!isPresent(value)) return MISSING_VALUE;
  const millions = Math.round(Math.abs(value) / 1e4) / 100;
  if (millions >= 1000) return `${formatAmount(value, 'B')}B`;
  if (Math.abs(value) >= 1e6) return `${formatAmount(value, 'M')}M`;
  return formatNumber(value);
}

/**
 * Share counts (volume, shares outstanding) and other counts: whole below a million ('414,918'),
 * from a million on in millions or billions as formatCompact prints them ('4.89M', '1.20B').
 */
export function formatShares(value: number | null | undefined): string {
  if (!isPresent(value)) return MISSING_VALUE;
  return Math.abs(value) >= 1e6 ? formatCompact(value) : WHOLE().format(value);
}

/** A change with its sign spelled out: '+12.34', '-12.34', and '0.00' for what rounds to zero. */
export function formatSigned(value: number | null | undefined): string {
  return isPresent(value) ? SIGNED_TWO_DECIMALS().format(value) : MISSING_VALUE;
}

export type ChangeDirection = 'up' | 'down' | 'flat';

/**
 * Which way a change went, judged on the two decimals shown (formatSigned, formatPercent
 * {signed}): what prints as 0.00 is flat, so no '0.00' is ever coloured as a gain or a loss.
 * Missing is flat too.
 */
export function changeDirection(change: number | null | undefined): ChangeDirection {
  const sign = formatSigned(change).charAt(0);
  return sign === '+' ? 'up' : sign === '-' ? 'down' : 'flat';
}

export interface PercentOptions {
  /** The value is a fraction (0.0123 → 1.23%), as the provider's *Ratio fields; default percent. */
  readonly ratio?: boolean;
  /** Prefix gains with '+', as for a quote's change; default false. */
  readonly signed?: boolean;
}

/** 1.2345 → '1.23%' (the provider's changesPercentage is already in percent). */
export function formatPercent(
  value: number | null | undefined,
  { ratio = false, signed = false }: PercentOptions = {},
): string {
  if (!isPresent(value)) return MISSING_VALUE;
  return (signed ? SIGNED_PERCENT : PERCENT)().format(ratio ? value : value / 100);
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * §9: 'YYYY-MM-DD' of the instant in UTC, so a date means the same day on the server and in every
 * browser. Strings and numbers go through `new Date(...)` ('2025-01-02' parses as UTC midnight).
 * An invalid date throws a RangeError rather than printing 'NaN-NaN-NaN' into a request.
 */
export function formatDate(date: Date | string | number): string {
  const d = date instanceof Date ? date : new Date(date);
  const time = d.getTime();
  if (Number.isNaN(time)) throw new RangeError(`Invalid date: ${String(date)}`);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
}

// One formatter per time zone ('' for the runtime's own): building one costs far more than using it.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
      ...(timeZone ? { timeZone } : {}),
    });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * A moment (an update, a change, an alert firing): always with its date, the date as §9 writes
 * it and a 24-hour time, in the reader's time zone with its name, '2026-11-30 15:00 UTC',
 * '2026-11-30 10:00 EST'. `timeZone` (IANA) defaults to the runtime's own: the visitor's browser.
 * An invalid moment throws a RangeError, as formatDate does.
 */
export function formatDateTime(at: Date | string | number, timeZone?: string): string {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid date: ${String(at)}`);
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of dateTimeFormat(timeZone).formatToParts(d)) part[type] = value;
  const { year = '', month = '', day = '', hour = '', minute = '', timeZoneName = '' } = part;
  return `${year.padStart(4, '0')}-${month}-${day} at ${hour}:${minute} ${timeZoneName}`.trimEnd();
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A strict 'YYYY-MM-DD' (a real calendar day: no 2025-02-30, no time part) as UTC midnight;
 * undefined for anything else.
 */
export function parseIsoDate(text: string): Date | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  // A day the month does not have rolls over into the next month; the round trip catches it.
  return formatDate(date) === text ? date : undefined;
}

// One formatter per currency: constructing an Intl formatter costs far more than formatting.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * A payment provider's amount, in the currency's minor unit (cents; Stripe's `unit_amount`), as a
 * price: 900 'usd' → '$9.00', 1200 'jpy' → '¥1,200' (a currency without minor unit is counted in
 * whole units, as Stripe counts it). An unknown currency code throws a RangeError.
 */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    moneyFormats.set(code, format);
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** Multiples and per-share values as numbers, margins, returns and yields as %, sizes as 2.35B. */
export type StatFormat = 'number' | 'percent' | 'compact';

/**
 * A TTM figure as the stock page's key statistics and the Analysis tab show it (§9); null (not
 * meaningful, e.g. P/E of a loss) shows '—'. Percent values are fractions.
 */
export function formatStat(value: number | null | undefined, format: StatFormat): string {
  switch (format) {
    case 'percent':
      return formatPercent(value, { ratio: true });
    case 'compact':
      return formatCompact(value);
    case 'number':
      return formatNumber(value);
  }
}
