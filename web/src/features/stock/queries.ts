import { queryOptions } from '@tanstack/react-query';
import type { KeyMetricsTtm, RatiosTtm } from '../../../../core/market/ratios';
import type { ShariahScreen } from '../../../../core/market/shariah';
import { STATEMENT_API_PATHS, type IdentifiedStatement } from '../../../../core/market/statements';
import type {
  AnalystData,
  CompanyProfile,
  Quote,
  StatementKind,
  StatementPeriod,
} from '../../../../core/market/types';
import { getEnvelope, getFirst } from '../../lib/api-client';

const path = (template: string, symbol: string) =>
  template.replace('{symbol}', encodeURIComponent(symbol));

/** The first item or a clear "not found" (the API answers [] when a company has none). */
async function first<T>(url: string, signal: AbortSignal, query: Record<string, string> = {}) {
  const { item } = await getFirst<T>(url, query, signal);
  return item ?? null;
}

export const profileQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['stock', symbol, 'profile'],
    queryFn: ({ signal }) =>
      first<CompanyProfile>(path('/stocks/profile/{symbol}', symbol), signal),
    staleTime: 60_000,
  });

/** The live quote; refreshed every 15 s while the market is open. */
export const quoteQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['stock', symbol, 'quote'],
    queryFn: ({ signal }) => first<Quote>(path('/stocks/quote/{symbol}', symbol), signal),
    refetchInterval: (query) => (query.state.data?.marketOpen ? 15_000 : false),
    staleTime: 10_000,
  });

export const ratiosQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['stock', symbol, 'ratios-ttm'],
    queryFn: ({ signal }) =>
      first<RatiosTtm>(path('/stocks/ratios-ttm/{symbol}/ratios', symbol), signal),
    staleTime: 60_000,
  });

export const metricsQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['stock', symbol, 'key-metrics-ttm'],
    queryFn: ({ signal }) =>
      first<KeyMetricsTtm>(path('/stocks/key-metrics-ttm/{symbol}/metrics', symbol), signal),
    staleTime: 60_000,
  });

export const statementsQuery = (
  symbol: string,
  kind: StatementKind,
  period: StatementPeriod,
  limit: number,
) =>
  queryOptions({
    queryKey: ['stock', symbol, 'statements', kind, period, limit],
    queryFn: async ({ signal }) =>
      (
        await getEnvelope<IdentifiedStatement>(
          path(`/stocks/statement/{symbol}/${STATEMENT_API_PATHS[kind]}`, symbol),
          { period, limit: String(limit) },
          signal,
        )
      ).data,
    staleTime: 60 * 60_000,
  });

export const analystQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['stock', symbol, 'analyst'],
    queryFn: ({ signal }) => first<AnalystData>(path('/stocks/analyst/{symbol}', symbol), signal),
    staleTime: 60 * 60_000,
  });

export const shariahQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['stock', symbol, 'shariah'],
    queryFn: ({ signal }) => first<ShariahScreen>(path('/stocks/shariah/{symbol}', symbol), signal),
    staleTime: 5 * 60_000,
  });
