import { queryOptions, useQuery } from '@tanstack/react-query';
import { STOCK_LIST_GC_MS, STOCK_LIST_STALE_MS } from '@core/constants';
import { decodeStockList, type StockListEntry } from '@core/stock-list';
import { getEnvelope, getFirst } from '../../../lib/asset-api';

/** SPEC §7: the whole stock list (all=true), fresh 5 minutes, kept 10 minutes. */
export const stockListQuery = queryOptions({
  queryKey: ['stocks', 'list'],
  queryFn: async ({ signal }): Promise<StockListEntry[]> => {
    const envelope = await getEnvelope('list', { query: { all: 'true' }, signal });
    const list = envelope.data[0];
    return list ? decodeStockList(list) : [];
  },
  staleTime: STOCK_LIST_STALE_MS,
  gcTime: STOCK_LIST_GC_MS,
  // 70,000 entries: comparing a refetch with the old list entry by entry costs more than it saves.
  structuralSharing: false,
});

/**
 * The list, loaded once the visitor shows interest (pointer over or focus on the box): it is the
 * heaviest thing the header could do, and most page views never search.
 */
export const useStockList = (wanted: boolean) => useQuery({ ...stockListQuery, enabled: wanted });

/**
 * The stock an ISIN typed in the box names, from the server (the list carries no ISINs): null when
 * none has it. Asked only for a text shaped like an ISIN (core isinTerm).
 */
export const useIsinLookup = (isin: string | undefined) =>
  useQuery({
    queryKey: ['stocks', 'isin', isin],
    queryFn: async ({ signal }): Promise<StockListEntry | null> => {
      const row = await getFirst('search', { query: { query: isin!, limit: '1' }, signal });
      return row
        ? { symbol: row.symbol, name: row.companyName, exchangeShortName: row.exchangeShortName }
        : null;
    },
    enabled: isin !== undefined,
    staleTime: STOCK_LIST_STALE_MS,
  });
