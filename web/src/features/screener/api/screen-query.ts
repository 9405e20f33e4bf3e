import { useQuery } from '@tanstack/react-query';
import {
  SCREEN_EXPORT_PAGE,
  type ScreenedStock,
  type ScreenQueryParams,
} from '@core/market/stock-screen';
import { getEnvelope, type AssetRead } from '../../../lib/asset-api';
import type { ScreenPage } from '@core/market/stock-screen';

/** The address's strings as the contract's query; the server validates them (400 naming a field). */
const asQuery = (params: ScreenQueryParams) => params as AssetRead<'screener'>['query'];

/** GET /api/asset/stocks/screener: one page of the screen (only once its parameters are valid). */
export function useScreenPage(params: ScreenQueryParams, enabled: boolean) {
  return useQuery({
    queryKey: ['screener', params],
    queryFn: async ({ signal }) =>
      (await getEnvelope('screener', { query: asQuery(params), signal })) as ScreenPage,
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** Every row the screen matches, page by page in the screen's order (for the CSV export). */
export async function fetchAllMatches(params: ScreenQueryParams): Promise<ScreenedStock[]> {
  const rows: ScreenedStock[] = [];
  for (let offset = 0; ; offset += SCREEN_EXPORT_PAGE) {
    const page = (await getEnvelope('screener', {
      query: asQuery({ ...params, offset: String(offset), limit: String(SCREEN_EXPORT_PAGE) }),
    })) as ScreenPage;
    rows.push(...page.data);
    if (page.data.length === 0 || offset + SCREEN_EXPORT_PAGE >= page.total) return rows;
  }
}
