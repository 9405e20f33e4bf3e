import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RatiosTtm } from '@core/market/ratios';
import { getFirst } from '../../../lib/api-client';
import { stockKey, stockPath } from './stock-path';

export const ratiosTtmQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'ratios-ttm'),
    queryFn: async ({ signal }) =>
      (await getFirst<RatiosTtm>(stockPath('/stocks/ratios-ttm', symbol, '/ratios'), {}, signal))
        .item ?? null,
    staleTime: 60_000,
  });

/** GET /stocks/ratios-ttm/{symbol}/ratios. */
export const useRatiosTtm = (symbol: string) => useQuery(ratiosTtmQuery(symbol));
