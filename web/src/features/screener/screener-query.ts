import { useQuery } from '@tanstack/react-query';
import type { ScreenerRow } from '@core/market/screener';
import { getEnvelope } from '../../lib/api-client';
import { filtersToQuery, type ScreenerFilters } from './screener-filters';

/** GET /api/asset/stocks/search with the filters (only once they are valid). */
export function useScreener(filters: ScreenerFilters, enabled: boolean) {
  const query = filtersToQuery(filters);
  return useQuery({
    queryKey: ['screener', query],
    queryFn: ({ signal }) => getEnvelope<ScreenerRow>('/stocks/search', query, signal),
    enabled,
    select: (envelope) => envelope.data,
    placeholderData: (previous) => previous,
  });
}
