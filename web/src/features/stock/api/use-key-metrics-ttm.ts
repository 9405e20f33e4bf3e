import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFirst } from '../../../lib/asset-api';
import { stockKey } from './stock-key';

export const keyMetricsTtmQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'key-metrics-ttm'),
    queryFn: ({ signal }) => getFirst('keyMetricsTtm', { params: { symbol }, signal }),
    staleTime: 60_000,
  });

/** GET /stocks/key-metrics-ttm/{symbol}/metrics. */
export const useKeyMetricsTtm = (symbol: string) => useQuery(keyMetricsTtmQuery(symbol));
