import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShariahScreen } from '@core/market/shariah';
import { getFirst } from '../../../lib/api-client';
import { stockKey, stockPath } from './stock-path';

export const shariahQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'shariah'),
    queryFn: async ({ signal }) =>
      (await getFirst<ShariahScreen>(stockPath('/stocks/shariah', symbol), {}, signal)).item ??
      null,
    staleTime: 5 * 60_000,
  });

/** GET /stocks/shariah/{symbol}: every standard's screen and the overall verdict. */
export const useShariah = (symbol: string) => useQuery(shariahQuery(symbol));
