import { queryOptions, useQuery } from '@tanstack/react-query';
import { STOCK_LIST_GC_MS, STOCK_LIST_STALE_MS } from '../../../../core/constants';
import { createSearchIndex, type SearchIndex } from '../../../../core/search';
import { decodeStockList, type CompactStockList } from '../../../../core/stock-list';
import { getEnvelope } from '../../lib/api-client';

/** SPEC §7: the whole stock list (all=true), fresh 5 minutes, kept 10 minutes. */
export const stockListQuery = queryOptions({
  queryKey: ['stocks', 'list'],
  queryFn: async ({ signal }): Promise<SearchIndex> => {
    const envelope = await getEnvelope<CompactStockList>('/stocks/list', { all: 'true' }, signal);
    const list = envelope.data[0];
    // The index is built once per download, not per render or keystroke.
    return createSearchIndex(list ? decodeStockList(list) : []);
  },
  staleTime: STOCK_LIST_STALE_MS,
  gcTime: STOCK_LIST_GC_MS,
});

/**
 * The index, loaded once the visitor shows interest (focus on the box): the list and its index
 * are the heaviest thing the header could do, and most page views never search.
 */
export const useStockIndex = (wanted: boolean) => useQuery({ ...stockListQuery, enabled: wanted });
