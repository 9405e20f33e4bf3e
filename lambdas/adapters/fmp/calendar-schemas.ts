import * as z from 'zod';

/**
 * Schemas of FMP's calendar endpoints (legacy v3). Unknown fields are dropped; the fields read
 * are type-checked. FMP writes a missing date as null or '' and an unknown time as '--'.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const finite = z.number().finite();
/** A date FMP may leave empty: '' and null both mean "not announced". */
const optionalDay = z
  .union([day, z.literal(''), z.null()])
  .optional()
  .transform((d) => (d ? d : null));

/** /v3/earning_calendar and /v3/historical/earning_calendar/{symbol}. */
export const earningsSchema = z.object({
  date: day,
  symbol: z.string().min(1),
  eps: finite.nullable().optional(),
  epsEstimated: finite.nullable().optional(),
  time: z.string().nullable().optional(),
  fiscalDateEnding: optionalDay,
});
export const earningsListSchema = z.array(earningsSchema);

/** One dividend row: /v3/stock_dividend_calendar, and the historical list's rows. */
const dividendRow = z.object({
  date: day,
  dividend: finite.nullable().optional(),
  adjDividend: finite.nullable().optional(),
  recordDate: optionalDay,
  paymentDate: optionalDay,
  declarationDate: optionalDay,
});
export const dividendCalendarSchema = z.array(dividendRow.extend({ symbol: z.string().min(1) }));
/** /v3/historical-price-full/stock_dividend/{symbol}: `{}` when it never paid one. */
export const dividendHistorySchema = z.object({
  symbol: z.string().optional(),
  historical: z.array(dividendRow).optional(),
});

const splitRow = z.object({
  date: day,
  numerator: finite.positive(),
  denominator: finite.positive(),
});
export const splitCalendarSchema = z.array(splitRow.extend({ symbol: z.string().min(1) }));
/** /v3/historical-price-full/stock_split/{symbol}. */
export const splitHistorySchema = z.object({
  symbol: z.string().optional(),
  historical: z.array(splitRow).optional(),
});

export type FmpEarnings = z.infer<typeof earningsSchema>;
export type FmpDividend = z.infer<typeof dividendCalendarSchema>[number];
export type FmpSplit = z.infer<typeof splitCalendarSchema>[number];
