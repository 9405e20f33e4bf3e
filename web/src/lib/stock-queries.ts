import { queryOptions } from '@tanstack/react-query';
import type { Quote } from '@core/market/types';
import { getFirst } from './asset-api';

/** Query keys of one stock's data, so a test or an invalidation can address all of them. */
export const stockKey = (symbol: string, ...rest: readonly (string | number)[]) =>
  ['stock', symbol, ...rest] as const;
/** The prefix of every stock's queries (a change to many companies at once refreshes them all). */
export const allStocksKey = ['stock'] as const;

/**
 * GET /stocks/profile/{symbol}: the company with its live price fields. Shared: the stock page
 * shows it, the curation console finds a company's ISIN with it and refreshes it after a change.
 */
export const profileQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'profile'),
    queryFn: ({ signal }) => getFirst('profile', { params: { symbol }, signal }),
    staleTime: 60_000,
  });

/** How often the live quote refreshes while its market trades. */
export const QUOTE_REFRESH_MS = 15_000;

/** Refresh while the market is open; a closed market's quote does not move, so no polling. */
export const quoteRefetchInterval = (quote: Quote | null | undefined): number | false =>
  quote?.marketOpen ? QUOTE_REFRESH_MS : false;

/**
 * GET /stocks/quote/{symbol}, refetched every 15 s while the market is open. Shared: the stock
 * page shows it, the analyst curation screen checks targets against its price.
 */
export const quoteQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'quote'),
    queryFn: ({ signal }) => getFirst('quote', { params: { symbol }, signal }),
    refetchInterval: (query) => quoteRefetchInterval(query.state.data),
    staleTime: 5_000,
  });
