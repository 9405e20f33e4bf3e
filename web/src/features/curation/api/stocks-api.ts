import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CuratedStock,
  StockInput,
  StockPage,
  StockProfileInput,
  StockSort,
  StockVersion,
} from '@core/curation/stock';
import { graphqlAsUser } from '../../../lib/auth/call-as-user';
import { stockKey } from '../../../lib/stock-queries';

/* The stock fields of the curation API (core/api/graphql.ts, Cognito user-pool auth). */

const ROW = `isin symbol companyName exchangeShortName currency sector industry country
  sharesOutstanding hidden version updatedAt updatedBy`;
const LIST = `query CurationStocks($query: String, $exchange: String, $sort: String,
  $direction: String, $page: Int, $pageSize: Int) {
  curationStocks(query: $query, exchange: $exchange, sort: $sort, direction: $direction,
    page: $page, pageSize: $pageSize) { total page pageSize items { ${ROW} } } }`;
const ONE = `query CurationStock($isin: ID!) { curationStock(isin: $isin) { ${ROW} } }`;
const CREATE = `mutation CreateStock($stock: AWSJSON!) { createStock(stock: $stock) { ${ROW} } }`;
const UPDATE = `mutation UpdateStock($isin: ID!, $profile: AWSJSON!, $version: Int!) {
  updateStock(isin: $isin, profile: $profile, version: $version) { ${ROW} } }`;
const HIDE = `mutation SetStockHidden($isin: ID!, $hidden: Boolean!, $version: Int!) {
  setStockHidden(isin: $isin, hidden: $hidden, version: $version) { ${ROW} } }`;
const HISTORY = `query StockHistory($isin: ID!) {
  stockHistory(isin: $isin) { isin version updatedAt updatedBy before { ${ROW} } after { ${ROW} } } }`;
const RESTORE = `mutation RestoreStock($isin: ID!, $version: Int!, $expectedVersion: Int!) {
  restoreStock(isin: $isin, version: $version, expectedVersion: $expectedVersion) { ${ROW} } }`;
const DELETE = `mutation DeleteStock($isin: ID!, $confirm: String!, $version: Int!) {
  deleteStock(isin: $isin, confirm: $confirm, version: $version) }`;

export interface StockListParams {
  readonly query: string;
  readonly exchange: string;
  readonly sort: StockSort;
  readonly direction: 'asc' | 'desc';
  readonly page: number;
  readonly pageSize: number;
}

const stocksKey = ['curation', 'stocks'] as const;

export function useCurationStocks(params: StockListParams) {
  return useQuery({
    queryKey: [...stocksKey, 'list', params],
    queryFn: async ({ signal }) =>
      (
        await graphqlAsUser<{ curationStocks: StockPage }>(
          LIST,
          { ...params, exchange: params.exchange || null },
          signal,
        )
      ).curationStocks,
    // The next page replaces the table when it arrives, without a blank in between.
    placeholderData: keepPreviousData,
  });
}

export function useCurationStock(isin: string) {
  return useQuery({
    queryKey: [...stocksKey, isin],
    queryFn: async ({ signal }) =>
      (await graphqlAsUser<{ curationStock: CuratedStock | null }>(ONE, { isin }, signal))
        .curationStock,
  });
}

/** The stock's kept versions, newest first (under the stock's key: every write refetches it). */
export function useStockHistory(isin: string) {
  return useQuery({
    queryKey: [...stocksKey, isin, 'history'],
    queryFn: async ({ signal }) =>
      (await graphqlAsUser<{ stockHistory: StockVersion[] }>(HISTORY, { isin }, signal))
        .stockHistory,
  });
}

/**
 * After a write: the console's lists, the stock with its history, and the stock's public reads
 * are fetched again.
 */
function useAfterWrite() {
  const client = useQueryClient();
  return (stock: CuratedStock | null | undefined) =>
    Promise.all([
      client.invalidateQueries({ queryKey: stocksKey }),
      ...(stock ? [client.invalidateQueries({ queryKey: stockKey(stock.symbol) })] : []),
      // The public stock list (search box) lists a new, hidden or deleted stock differently.
      client.invalidateQueries({ queryKey: ['stocks', 'list'] }),
    ]);
}

export function useCreateStock() {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: async (stock: StockInput) =>
      (
        await graphqlAsUser<{ createStock: CuratedStock | null }>(CREATE, {
          stock: JSON.stringify(stock),
        })
      ).createStock,
    onSuccess: afterWrite,
  });
}

export function useUpdateStock(isin: string) {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: async ({ profile, version }: { profile: StockProfileInput; version: number }) =>
      (
        await graphqlAsUser<{ updateStock: CuratedStock | null }>(UPDATE, {
          isin,
          profile: JSON.stringify(profile),
          version,
        })
      ).updateStock,
    onSuccess: afterWrite,
  });
}

export function useSetStockHidden(isin: string) {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: async ({ hidden, version }: { hidden: boolean; version: number }) =>
      (
        await graphqlAsUser<{ setStockHidden: CuratedStock | null }>(HIDE, {
          isin,
          hidden,
          version,
        })
      ).setStockHidden,
    onSuccess: afterWrite,
  });
}

/** Makes a kept version's profile facts current again, if the stock is still at `expectedVersion`. */
export function useRestoreStock(isin: string) {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: async (restore: { version: number; expectedVersion: number }) =>
      (await graphqlAsUser<{ restoreStock: CuratedStock | null }>(RESTORE, { isin, ...restore }))
        .restoreStock,
    onSuccess: afterWrite,
  });
}

/**
 * Deleting a stock. The screen that deleted it leaves first (`onDeleted`), then the caches let go
 * of it: refetching the open detail screen's query would answer "no such stock" and unmount the
 * screen before it could move on (a mutate callback of an unmounted component never runs).
 */
export function useDeleteStock(stock: CuratedStock, onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ confirm }: { confirm: string }) =>
      graphqlAsUser<{ deleteStock: boolean }>(DELETE, {
        isin: stock.isin,
        confirm,
        version: stock.version,
      }),
    onSuccess: async () => {
      onDeleted();
      client.removeQueries({ queryKey: [...stocksKey, stock.isin] });
      await Promise.all([
        client.invalidateQueries({ queryKey: [...stocksKey, 'list'] }),
        client.invalidateQueries({ queryKey: stockKey(stock.symbol) }),
        client.invalidateQueries({ queryKey: ['stocks', 'list'] }),
      ]);
    },
  });
}
