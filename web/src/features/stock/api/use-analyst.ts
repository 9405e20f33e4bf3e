import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalystData } from '@core/market/types';
import { getFirst } from '../../../lib/api-client';
import { stockKey, stockPath } from './stock-path';

export const analystQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'analyst'),
    // [] means no analyst covers the company: null, shown as an empty state, not an error.
    queryFn: async ({ signal }) =>
      (await getFirst<AnalystData>(stockPath('/stocks/analyst', symbol), {}, signal)).item ?? null,
    staleTime: 60 * 60_000,
  });

/** GET /stocks/analyst/{symbol}. */
export const useAnalyst = (symbol: string) => useQuery(analystQuery(symbol));
