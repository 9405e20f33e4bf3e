import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFirst } from '../../../lib/asset-api';
import { stockKey } from './stock-key';

export const shariahQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'shariah'),
    queryFn: ({ signal }) => getFirst('shariah', { params: { symbol }, signal }),
    staleTime: 5 * 60_000,
  });

/** GET /stocks/shariah/{symbol}: every standard's screen and the overall verdict. */
export const useShariah = (symbol: string) => useQuery(shariahQuery(symbol));
