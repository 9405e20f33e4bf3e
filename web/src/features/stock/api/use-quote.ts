import { useQuery } from '@tanstack/react-query';
import { quoteQuery } from '../../../lib/stock-queries';

// The quote's query lives in shared code (the curation console reads the price too).
export { QUOTE_REFRESH_MS, quoteQuery, quoteRefetchInterval } from '../../../lib/stock-queries';

/** GET /stocks/quote/{symbol}, refetched every 15 s while the market is open. */
export const useQuote = (symbol: string) => useQuery(quoteQuery(symbol));
