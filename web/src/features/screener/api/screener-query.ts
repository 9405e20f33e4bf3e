import { useQuery } from '@tanstack/react-query';
import { getEnvelope } from '../../../lib/asset-api';
import { filtersToQuery, type ScreenerFilters } from '../lib/screener-filters';

/** GET /api/asset/stocks/search with the filters (only once they are valid). */
export function useScreener(filters: ScreenerFilters, enabled: boolean) {
  const query = filtersToQuery(filters);
  return useQuery({
    queryKey: ['screener', query],
    queryFn: ({ signal }) => getEnvelope('search', { query, signal }),
    enabled,
    select: (envelope) => envelope.data,
    placeholderData: (previous) => previous,
  });
}
