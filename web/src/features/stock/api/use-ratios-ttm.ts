import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFirst } from '../../../lib/asset-api';
import { stockKey } from './stock-key';

export const ratiosTtmQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'ratios-ttm'),
    queryFn: ({ signal }) => getFirst('ratiosTtm', { params: { symbol }, signal }),
    staleTime: 60_000,
  });

/** GET /stocks/ratios-ttm/{symbol}/ratios. */
export const useRatiosTtm = (symbol: string) => useQuery(ratiosTtmQuery(symbol));
