import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { quoteQuery } from '../../../lib/stock-queries';

// The quote's query lives in shared code (the curation console reads the price too).
export { QUOTE_REFRESH_MS, quoteQuery, quoteRefetchInterval } from '../../../lib/stock-queries';

/** GET /stocks/quote/{symbol}, refetched every 15 s while the market is open. */
export const useQuote = (symbol: string) => useQuery(quoteQuery(symbol));

/** The quote's 404 for a known company: the market data has no price for the listing yet. */
export const isNoQuote = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;
