import * as z from 'zod';

/**
 * Schemas of FMP's price endpoints. Unknown fields are accepted and dropped (z.object strips), so
 * FMP adding fields never breaks us; the fields we read are checked for type. FMP sends null for
 * quote figures it lacks (e.g. before the first trade); the adapter documents each fallback.
 */

const finite = z.number().finite();
const nullableNumber = finite.nullable();

export const quoteSchema = z.object({
  symbol: z.string().min(1),
  price: finite,
  change: nullableNumber,
  changesPercentage: nullableNumber,
  dayLow: nullableNumber,
  dayHigh: nullableNumber,
  yearLow: nullableNumber,
  yearHigh: nullableNumber,
  open: nullableNumber,
  previousClose: nullableNumber,
  volume: nullableNumber,
  avgVolume: nullableNumber,
  sharesOutstanding: nullableNumber.optional(),
  timestamp: z.number().int().nonnegative(),
});
export type FmpQuote = z.infer<typeof quoteSchema>;
export const quotesSchema = z.array(quoteSchema);

const bar = <D extends z.ZodString>(date: D) =>
  z.object({ date, open: finite, high: finite, low: finite, close: finite, volume: finite });

/** /v3/historical-chart/{interval}/{symbol}: exchange-local 'YYYY-MM-DD HH:mm:ss'. */
export const intradayBarsSchema = z.array(
  bar(z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)),
);

/** /v3/historical-price-full/{symbol}: `{}` when there is nothing in the range. */
export const dailyBarsSchema = z.object({
  symbol: z.string().optional(),
  historical: z.array(bar(z.string().regex(/^\d{4}-\d{2}-\d{2}$/))).optional(),
});

/** /v3/quotes/forex: every pair FMP quotes, e.g. `{symbol: 'USDJPY', price: 151.2}`. */
export const forexQuotesSchema = z.array(
  z.object({ symbol: z.string().min(1), price: nullableNumber }),
);
export type FmpForexQuote = z.infer<typeof forexQuotesSchema>[number];
