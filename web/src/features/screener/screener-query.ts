import { useQuery } from '@tanstack/react-query';
import { getEnvelope } from '../../lib/api-client';
import { filtersToQuery, type ScreenerFilters } from './screener-filters';

/** A screener row as the asset API returns it (FMP stock-screener shape). */
export interface ScreenerRow {
  readonly symbol: string;
  readonly companyName: string;
  readonly marketCap: number;
  readonly sector: string;
  readonly industry: string;
  readonly price: number;
  readonly changesPercentage: number;
  readonly lastAnnualDividend: number;
  readonly exchangeShortName: string;
  readonly country: string;
  readonly currency: string;
}

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
