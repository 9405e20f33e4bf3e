import { queryOptions } from '@tanstack/react-query';
import { getFirst } from './asset-api';

/** Query keys of one stock's data, so a test or an invalidation can address all of them. */
export const stockKey = (symbol: string, ...rest: readonly (string | number)[]) =>
  ['stock', symbol, ...rest] as const;

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
