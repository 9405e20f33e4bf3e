import * as z from 'zod';
import { isoDateSchema } from '../../core/validation';

/** Tickers as the provider writes them: AAA, ABC.L, 600123.SS, ^IXIC, BRK-B. Case-insensitive. */
export const symbolSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9^][A-Za-z0-9.^-]{0,19}$/,
    'symbol must be 1–20 letters, digits, ".", "-" or a leading "^"',
  )
  .transform((s) => s.toUpperCase());

export const symbolParams = z.object({ symbol: symbolSchema });

const isoDate = isoDateSchema.refine((s) => s >= '1900-01-01', 'must not be before 1900-01-01');

/** Integers in a query string: digits only, so '8abc' or '1e3' is a 400, not a surprise. */
const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const queryNumber = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
  .transform(Number);

export const MAX_STATEMENT_LIMIT = 40;

export const statementQuery = z.strictObject({
  period: z.enum(['annual', 'quarter'], 'period must be "annual" or "quarter"').default('annual'),
  limit: queryInt(1, MAX_STATEMENT_LIMIT).optional(),
});

export const intradayQuery = z.strictObject({
  // SPEC §3/§7: `day` carries the intraday interval of the 1D (1min) and 5D (5min) timeframes.
  day: z.enum(['1min', '5min'], 'day must be "1min" or "5min"').default('1min'),
  from: isoDate.optional(),
});

export const dailyQuery = z.strictObject({ from: isoDate.optional() });

export const sharesQuery = z.strictObject({ symbol: symbolSchema });

export const listQuery = z.strictObject({
  all: z.literal('true', 'all must be "true"').optional(),
});

/** Routes that take no query parameters still refuse unknown ones. */
export const noQuery = z.strictObject({});

export const moversQuery = z.strictObject({
  limit: queryInt(1, 50).optional(),
});

const SORT_FIELDS = [
  'marketCap',
  'price',
  'beta',
  'volume',
  'dividend',
  'symbol',
  'changesPercentage',
] as const;

/** The screener (FMP stock-screener filters); an unknown filter is a 400, not silently ignored. */
export const searchQuery = z.strictObject({
  query: z.string().trim().min(1).max(100).optional(),
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
    .regex(/^[A-Za-z]{2,10}$/, 'exchange must be an exchange short name')
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
export type SearchQuery = z.infer<typeof searchQuery>;
