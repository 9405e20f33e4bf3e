import * as z from 'zod';

/**
 * Schemas of FMP's stable price endpoints. Unknown fields are accepted and dropped (z.object
 * strips), so FMP adding fields never breaks us; the fields we read are checked for type. FMP sends
 * null for quote figures it lacks (e.g. before the first trade, or a market cap for a currency
 * pair); the adapter documents each fallback.
 */

const finite = z.number().finite();
const nullableNumber = finite.nullable();

/**
 * One row of /stable/quote?symbol= and /stable/batch-quote?symbols=. The stable quote has no
 * average volume and no share count (the legacy one had both); the figures we do not read
 * (market cap, moving averages, exchange) may be missing without failing the quote.
 */
export const quoteSchema = z.object({
  symbol: z.string().min(1),
  price: finite,
  changePercentage: nullableNumber,
  change: nullableNumber,
  volume: nullableNumber,
  dayLow: nullableNumber,
  dayHigh: nullableNumber,
  yearHigh: nullableNumber,
  yearLow: nullableNumber,
  marketCap: nullableNumber.optional(),
  priceAvg50: nullableNumber.optional(),
  priceAvg200: nullableNumber.optional(),
  exchange: z.string().nullable().optional(),
  open: nullableNumber,
  previousClose: nullableNumber,
  timestamp: z.number().int().nonnegative(),
});
export type FmpQuote = z.infer<typeof quoteSchema>;
export const quotesSchema = z.array(quoteSchema);

const bar = <D extends z.ZodString>(date: D) =>
  z.object({ date, open: finite, high: finite, low: finite, close: finite, volume: finite });

/** /stable/historical-chart/{interval}?symbol=: exchange-local 'YYYY-MM-DD HH:mm:ss'. */
export const intradayBarsSchema = z.array(
  bar(z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)),
);

/**
 * /stable/historical-price-eod/full?symbol=: a flat list (`[]` when there is nothing in the
 * range), each bar also carrying change, changePercent and vwap, which we do not read.
 */
export const dailyBarsSchema = z.array(bar(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)));

/** /stable/batch-forex-quotes: every pair FMP quotes, e.g. `{symbol: 'USDJPY', price: 151.2}`. */
export const forexQuotesSchema = z.array(
  z.object({ symbol: z.string().min(1), price: nullableNumber }),
);
export type FmpForexQuote = z.infer<typeof forexQuotesSchema>[number];
