import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFirst } from '../../../lib/asset-api';
import { stockKey } from './stock-key';

export const analystQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'analyst'),
    // [] means no analyst covers the company: null, shown as an empty state, not an error.
    queryFn: ({ signal }) => getFirst('analyst', { params: { symbol }, signal }),
    staleTime: 60 * 60_000,
  });

/** GET /stocks/analyst/{symbol}. */
export const useAnalyst = (symbol: string) => useQuery(analystQuery(symbol));
