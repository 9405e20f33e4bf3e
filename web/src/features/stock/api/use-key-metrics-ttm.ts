import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KeyMetricsTtm } from '@core/market/ratios';
import { getFirst } from '../../../lib/api-client';
import { stockKey, stockPath } from './stock-path';

export const keyMetricsTtmQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'key-metrics-ttm'),
    queryFn: async ({ signal }) =>
      (
        await getFirst<KeyMetricsTtm>(
          stockPath('/stocks/key-metrics-ttm', symbol, '/metrics'),
          {},
          signal,
        )
      ).item ?? null,
    staleTime: 60_000,
  });

/** GET /stocks/key-metrics-ttm/{symbol}/metrics. */
export const useKeyMetricsTtm = (symbol: string) => useQuery(keyMetricsTtmQuery(symbol));
