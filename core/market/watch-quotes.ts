import type { Quote } from './types';

/**
 * The batched quotes of a watchlist (GET /stocks/quotes): every row's live quote and sparkline in
 * one request, so a dashboard of lists costs one round trip per list, not one per symbol.
 */

/**
 * Symbols per request: the largest list any plan allows (200) fits, and so do five lists of 50
 * read together (the dashboard bench). Bounded so one request cannot ask for the universe.
 */
export const MAX_BATCH_QUOTES = 250;

/** Trading days of daily closes in each row's sparkline (about a month and a half). */
export const SPARK_SESSIONS = 30;

/** One symbol's row: `quote` null when the symbol is unknown (the rest of the batch still answers). */
export interface WatchQuote {
  readonly symbol: string;
  readonly name: string | null;
  readonly currency: string | null;
  readonly quote: Quote | null;
  /** Daily closes, oldest first, the last SPARK_SESSIONS sessions. */
  readonly spark: readonly number[];
}

/** The symbols query as the SPA writes it: comma-separated, no repeats. */
export const batchSymbolsParam = (symbols: readonly string[]): string =>
  [...new Set(symbols.map((s) => s.toUpperCase()))].join(',');
