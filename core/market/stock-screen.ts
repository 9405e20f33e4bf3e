import * as z from 'zod';
import { convertAmount, currencySchema, isCurrency, type Currency, type FxRates } from './fx';
import { queryInt, queryNumber } from './query-params';
import type { ShariahStandard, ShariahVerdict } from './shariah';

/**
 * The investor's screener (GET /api/asset/stocks/screener): the filters it takes, the row it
 * answers, and the one rule that filters, sorts and pages. The server runs `runScreen` over the
 * whole universe; the SPA validates its form with `screenQuery`, so a screen the form lets through
 * is one the API takes.
 */

/**
 * The standards the screener judges: all six. S&P and DJIM divide by the 36- and 24-month average
 * market caps, which the ingest and the demo seed store with each company (so a screen needs no
 * years of prices per company); a company stored without them (one added in the console, until
 * the next ingest) has no S&P or DJIM verdict in the screener, as it has none without statements.
 */
export const SCREENABLE_SHARIAH_STANDARDS = [
  'aaoifi',
  'sp',
  'msci',
  'ftse',
  'djim',
  'alrajhi',
] as const satisfies readonly ShariahStandard[];
export type ScreenableShariahStandard = (typeof SCREENABLE_SHARIAH_STANDARDS)[number];

/** A row before conversion: figures in the listing's own currency, ratios from TTM data. */
export interface ScreenerStock {
  readonly symbol: string;
  readonly companyName: string;
  readonly exchangeShortName: string;
  readonly country: string;
  readonly sector: string;
  readonly industry: string;
  /** The listing's currency (price and market cap are in it). */
  readonly currency: string;
  readonly price: number;
  readonly changesPercentage: number;
  readonly marketCap: number;
  readonly volume: number;
  /** null: not known (a stock added in the console has none until the provider sends one). */
  readonly beta: number | null;
  readonly pe: number | null;
  readonly pb: number | null;
  /** Percent. */
  readonly dividendYield: number | null;
  /** Percent. */
  readonly roe: number | null;
  readonly debtToEquity: number | null;
  /** Verdict by screenable standard; absent without the TTM statements and Shariah inputs. */
  readonly shariah?: Readonly<Partial<Record<ScreenableShariahStandard, ShariahVerdict>>>;
}

/** A row as answered: plus price and market cap in the currency the screen asked for. */
export interface ScreenedStock extends ScreenerStock {
  /** null when the listing's currency has no rate (such a row never passes a cap/price bound). */
  readonly marketCapConverted: number | null;
  readonly priceConverted: number | null;
}

/** A numeric filter: its query names are `${key}Min` and `${key}Max`, both inclusive. */
export const SCREEN_RANGES = {
  marketCap: (r: ScreenedStock) => r.marketCapConverted,
  price: (r: ScreenedStock) => r.priceConverted,
  pe: (r: ScreenedStock) => r.pe,
  pb: (r: ScreenedStock) => r.pb,
  dividendYield: (r: ScreenedStock) => r.dividendYield,
  roe: (r: ScreenedStock) => r.roe,
  debtToEquity: (r: ScreenedStock) => r.debtToEquity,
  beta: (r: ScreenedStock) => r.beta,
  volume: (r: ScreenedStock) => r.volume,
} as const satisfies Record<string, (r: ScreenedStock) => number | null>;
export type ScreenRange = keyof typeof SCREEN_RANGES;
export const SCREEN_RANGE_KEYS = Object.keys(SCREEN_RANGES) as ScreenRange[];

const TEXT_SORTS = {
  symbol: (r: ScreenedStock) => r.symbol,
  companyName: (r: ScreenedStock) => r.companyName,
  exchange: (r: ScreenedStock) => r.exchangeShortName,
  country: (r: ScreenedStock) => r.country,
  sector: (r: ScreenedStock) => r.sector,
  industry: (r: ScreenedStock) => r.industry,
} as const;

export const SCREEN_SORT_FIELDS = [
  ...(Object.keys(TEXT_SORTS) as (keyof typeof TEXT_SORTS)[]),
  'changesPercentage',
  ...SCREEN_RANGE_KEYS,
] as const;
export type ScreenSortField = (typeof SCREEN_SORT_FIELDS)[number];

export const SCREEN_DEFAULT_LIMIT = 25;
export const SCREEN_MAX_LIMIT = 100;
/** The export's page size: the SPA pages through every match this many at a time. */
export const SCREEN_EXPORT_PAGE = SCREEN_MAX_LIMIT;

const text = (max: number) => z.string().trim().min(1).max(max);

const rangeShape = Object.fromEntries(
  SCREEN_RANGE_KEYS.flatMap((key) => [
    [`${key}Min`, queryNumber.optional()],
    [`${key}Max`, queryNumber.optional()],
  ]),
) as Record<`${ScreenRange}${'Min' | 'Max'}`, z.ZodOptional<typeof queryNumber>>;

/** The screen's query. An unknown parameter is a 400, never silently ignored. */
export const screenQuery = z
  .strictObject({
    query: text(100).optional(),
    exchange: z
      .string()
      .regex(/^[A-Za-z]{2,10}$/, 'exchange must be a short name of 2 to 10 letters, e.g. NASDAQ')
      .transform((s) => s.toUpperCase())
      .optional(),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'country must be a two-letter code')
      .transform((s) => s.toUpperCase())
      .optional(),
    sector: text(60).optional(),
    industry: text(80).optional(),
    currency: currencySchema.default('USD'),
    ...rangeShape,
    shariah: z
      .enum(
        SCREENABLE_SHARIAH_STANDARDS,
        `shariah must be one of ${SCREENABLE_SHARIAH_STANDARDS.join(', ')}`,
      )
      .optional(),
    sort: z
      .enum(SCREEN_SORT_FIELDS, `sort must be one of ${SCREEN_SORT_FIELDS.join(', ')}`)
      .default('marketCap'),
    order: z.enum(['asc', 'desc'], 'order must be "asc" or "desc"').default('desc'),
    offset: queryInt(0, 1_000_000).default(0),
    limit: queryInt(1, SCREEN_MAX_LIMIT).default(SCREEN_DEFAULT_LIMIT),
  })
  .superRefine((q, ctx) => {
    for (const key of SCREEN_RANGE_KEYS) {
      const min = q[`${key}Min`];
      const max = q[`${key}Max`];
      if (min !== undefined && max !== undefined && max < min) {
        ctx.addIssue({
          code: 'custom',
          path: [`${key}Max`],
          message: `${key}Max must not be below ${key}Min`,
        });
      }
    }
  });

/** The query as the API reads it. */
export type ScreenQuery = z.infer<typeof screenQuery>;
/** The query string as sent: every value a string. */
export type ScreenQueryParams = Partial<Record<keyof z.input<typeof screenQuery>, string>>;

/** One page of a screen, with the number of every match (SPEC §7 envelope plus paging). */
export interface ScreenPage {
  readonly data: readonly ScreenedStock[];
  readonly demo?: boolean;
  /** How many stocks match, over all pages. */
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
  readonly currency: Currency;
  /** The rates the conversion used (units per US dollar), for the SPA's market-cap bands. */
  readonly rates: FxRates;
}

/** The usual size bands, in US dollars; the SPA converts them into the screen's currency. */
export const MARKET_CAP_BANDS_USD: readonly {
  readonly key: string;
  readonly label: string;
  readonly min?: number;
  readonly max?: number;
}[] = [
  { key: 'mega', label: 'Mega', min: 200e9 },
  { key: 'large', label: 'Large', min: 10e9, max: 200e9 },
  { key: 'mid', label: 'Mid', min: 2e9, max: 10e9 },
  { key: 'small', label: 'Small', min: 300e6, max: 2e9 },
  { key: 'micro', label: 'Micro', max: 300e6 },
];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `row` with its price and market cap in `currency`. */
export function convertRow(row: ScreenerStock, currency: Currency, rates: FxRates): ScreenedStock {
  const from = isCurrency(row.currency) ? row.currency : undefined;
  return {
    ...row,
    marketCapConverted: from ? convertAmount(row.marketCap, from, currency, rates) : null,
    priceConverted: from ? convertAmount(row.price, from, currency, rates) : null,
  };
}

function matches(row: ScreenedStock, q: ScreenQuery): boolean {
  for (const key of SCREEN_RANGE_KEYS) {
    const min = q[`${key}Min`];
    const max = q[`${key}Max`];
    if (min === undefined && max === undefined) continue;
    // A stock without the figure (no earnings for a P/E, no rate for a cap) is not in the range.
    const value = SCREEN_RANGES[key](row);
    if (value === null) return false;
    if (min !== undefined && value < min) return false;
    if (max !== undefined && value > max) return false;
  }
  if (q.exchange && row.exchangeShortName.toUpperCase() !== q.exchange) return false;
  if (q.country && row.country.toUpperCase() !== q.country) return false;
  if (q.sector && !same(row.sector, q.sector)) return false;
  if (q.industry && !same(row.industry, q.industry)) return false;
  if (q.shariah && row.shariah?.[q.shariah] !== 'compliant') return false;
  if (q.query) {
    const needle = q.query.toLowerCase();
    if (
      !row.symbol.toLowerCase().includes(needle) &&
      !row.companyName.toLowerCase().includes(needle)
    ) {
      return false;
    }
  }
  return true;
}

/**
 * The order of a screen: by the chosen column (missing figures last whichever way), then by
 * symbol and exchange, so equal values page stably and every page boundary is well defined.
 */
export function screenComparator(
  sort: ScreenSortField,
  order: 'asc' | 'desc',
): (a: ScreenedStock, b: ScreenedStock) => number {
  const sign = order === 'asc' ? 1 : -1;
  const tieBreak = (a: ScreenedStock, b: ScreenedStock) =>
    compareText(a.symbol, b.symbol) || compareText(a.exchangeShortName, b.exchangeShortName);
  if (sort in TEXT_SORTS) {
    const key = TEXT_SORTS[sort as keyof typeof TEXT_SORTS];
    return (a, b) => sign * compareText(key(a), key(b)) || tieBreak(a, b);
  }
  const key =
    sort === 'changesPercentage'
      ? (r: ScreenedStock) => r.changesPercentage
      : SCREEN_RANGES[sort as ScreenRange];
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) return x === y ? tieBreak(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || tieBreak(a, b);
  };
}

/** Filter, sort and page the universe: the page asked for and the true count of matches. */
export function runScreen(
  universe: readonly ScreenerStock[],
  q: ScreenQuery,
  rates: FxRates,
): { rows: ScreenedStock[]; total: number } {
  const matched = universe
    .map((row) => convertRow(row, q.currency, rates))
    .filter((row) => matches(row, q));
  matched.sort(screenComparator(q.sort, q.order));
  return { rows: matched.slice(q.offset, q.offset + q.limit), total: matched.length };
}
