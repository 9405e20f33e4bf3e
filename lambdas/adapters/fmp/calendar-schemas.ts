import * as z from 'zod';

/**
 * Schemas of FMP's stable calendar endpoints: the market-wide calendars and the per-symbol
 * histories answer the same rows, a flat list each. Unknown fields are dropped; the fields read
 * are type-checked. FMP writes a date it does not know as '' (or null).
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const finite = z.number().finite();
/** A date FMP may leave empty: '' and null both mean "not announced". */
const optionalDay = z
  .union([day, z.literal(''), z.null()])
  .optional()
  .transform((d) => (d ? d : null));

/**
 * /stable/earnings-calendar and /stable/earnings?symbol=: the report day and EPS, null until
 * known (revenues and lastUpdated are not read). The stable rows name neither the fiscal quarter
 * nor the time of day (the legacy fiscalDateEnding and bmo/amc).
 */
export const earningsSchema = z.object({
  symbol: z.string().min(1),
  date: day,
  epsActual: finite.nullable().optional(),
  epsEstimated: finite.nullable().optional(),
});
export const earningsListSchema = z.array(earningsSchema);

/**
 * /stable/dividends-calendar and /stable/dividends?symbol=: the ex-dividend day, its dates and
 * amount, and how often the company pays in FMP's words ('Quarterly', 'Semi-Annual', …). FMP's own
 * yield is not read: the yield is core's, over the live price.
 */
export const dividendSchema = z.object({
  symbol: z.string().min(1),
  date: day,
  dividend: finite.nullable().optional(),
  adjDividend: finite.nullable().optional(),
  recordDate: optionalDay,
  paymentDate: optionalDay,
  declarationDate: optionalDay,
  frequency: z.string().nullable().optional(),
});
export const dividendsSchema = z.array(dividendSchema);

/** /stable/splits-calendar and /stable/splits?symbol=: numerator-for-denominator. */
export const splitSchema = z.object({
  symbol: z.string().min(1),
  date: day,
  numerator: finite.positive(),
  denominator: finite.positive(),
});
export const splitsSchema = z.array(splitSchema);

export type FmpEarnings = z.infer<typeof earningsSchema>;
export type FmpDividend = z.infer<typeof dividendSchema>;
export type FmpSplit = z.infer<typeof splitSchema>;
