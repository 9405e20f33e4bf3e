import * as z from 'zod';
import { queryInt, queryNumber } from './query-params';

/**
 * The screener of GET /stocks/search (SPEC §7 "arbitrary filter queries", FMP stock-screener
 * filters): the query the asset API accepts and the rows it answers. The SPA validates and writes
 * its filters with the same schema, so a filter the form lets through is one the API takes.
 */

const SORT_FIELDS = [
  'marketCap',
  'price',
  'beta',
  'volume',
  'dividend',
  'symbol',
  'changesPercentage',
] as const;

const QUERY_MAX_LENGTH = 100;

export const EXCHANGE_SHORT_NAME_MESSAGE =
  'An exchange short name has 2 to 10 letters, e.g. NASDAQ';

/** An unknown filter is a 400, not silently ignored. */
export const searchQuery = z.strictObject({
  query: z
    .string()
    .trim()
    .min(1)
    .max(QUERY_MAX_LENGTH, `At most ${QUERY_MAX_LENGTH} characters`)
    .optional(),
  marketCapMoreThan: queryNumber.optional(),
  marketCapLowerThan: queryNumber.optional(),
  priceMoreThan: queryNumber.optional(),
  priceLowerThan: queryNumber.optional(),
  betaMoreThan: queryNumber.optional(),
  betaLowerThan: queryNumber.optional(),
  volumeMoreThan: queryNumber.optional(),
  volumeLowerThan: queryNumber.optional(),
  dividendMoreThan: queryNumber.optional(),
  dividendLowerThan: queryNumber.optional(),
  sector: z.string().trim().min(1).max(60).optional(),
  industry: z.string().trim().min(1).max(80).optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'country must be a two-letter code')
    .transform((s) => s.toUpperCase())
    .optional(),
  exchange: z
    .string()
    .regex(/^[A-Za-z]{2,10}$/, EXCHANGE_SHORT_NAME_MESSAGE)
    .transform((s) => s.toUpperCase())
    .optional(),
  limit: queryInt(1, 1000).optional(),
  sort: z
    .enum(
      SORT_FIELDS.flatMap((f) => [f, `-${f}`]) as [string, ...string[]],
      `sort must be one of ${SORT_FIELDS.join(', ')} (prefix "-" for descending)`,
    )
    .optional(),
});

/** The query string as sent: every value a string. */
export type SearchQueryParams = Partial<Record<keyof z.input<typeof searchQuery>, string>>;
/** The query as the API reads it. */
export type SearchQuery = z.infer<typeof searchQuery>;

/** A row of the screener, in the provider's stock-screener shape. */
export interface ScreenerRow {
  readonly symbol: string;
  readonly companyName: string;
  readonly marketCap: number;
  readonly sector: string;
  readonly industry: string;
  /** null: not known (never a made-up 1). */
  readonly beta: number | null;
  readonly price: number;
  readonly changesPercentage: number;
  /** null: not known (never a made-up 0). */
  readonly lastAnnualDividend: number | null;
  readonly volume: number;
  readonly exchange: string;
  readonly exchangeShortName: string;
  readonly country: string;
  readonly currency: string;
  readonly isEtf: boolean;
  readonly isActivelyTrading: boolean;
}
