import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote } from '@core/market/types';
import { getFirst } from '../../../lib/asset-api';
import { stockKey } from './stock-key';

/** How often the live quote refreshes while its market trades. */
export const QUOTE_REFRESH_MS = 15_000;

/** Refresh while the market is open; a closed market's quote does not move, so no polling. */
export const quoteRefetchInterval = (quote: Quote | null | undefined): number | false =>
  quote?.marketOpen ? QUOTE_REFRESH_MS : false;

export const quoteQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'quote'),
    queryFn: ({ signal }) => getFirst('quote', { params: { symbol }, signal }),
    refetchInterval: (query) => quoteRefetchInterval(query.state.data),
    staleTime: 5_000,
  });

/** GET /stocks/quote/{symbol}, refetched every 15 s while the market is open. */
export const useQuote = (symbol: string) => useQuery(quoteQuery(symbol));
