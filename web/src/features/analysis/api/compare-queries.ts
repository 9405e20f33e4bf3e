import {
  useQueries,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { STATEMENT_DEFAULT_LIMIT } from '@core/constants';
import type { QueryView } from '../../../components/QueryState';
import { chartQuery } from '../../../components/chart/chart-query';
import { ApiError } from '../../../lib/api-client';
import { keyMetricsTtmQuery, ratiosTtmQuery, shariahQuery } from '../../../lib/stock-queries';
import { statementsQuery } from '../../../lib/statement-queries';

/**
 * The Analysis tab's reads: the stock page's own queries (same keys), so a stock seen on its page
 * is compared from the cache and the other way round. No compare endpoint: each stock's reads are
 * already public, cached per symbol by the CDN, and shared with the stock page.
 */

/**
 * The daily bars of every range the tab offers come from one 5-year read per symbol (the price
 * chart's 5Y query): switching the range recomputes, it does not fetch.
 */
export const COMPARE_CHART_TIMEFRAME = '5Y';

/**
 * The annual income statements the growth table needs, read as the stock page's statements
 * section reads them by default (STATEMENT_DEFAULT_LIMIT ≥ GROWTH_STATEMENTS_NEEDED, checked in
 * the test), so both share one cached answer.
 */
export const COMPARE_STATEMENTS_LIMIT = STATEMENT_DEFAULT_LIMIT;

/**
 * Several queries as one section's view: pending until all answer, failed while any failed
 * (Retry refetches the failed ones). A 404 (an unknown symbol in a shared link) is that stock's
 * missing data, shown as '—', not a failure of the whole section.
 */
export function allQueries<T>(results: readonly UseQueryResult<T>[]): QueryView<(T | null)[]> {
  const missing = (r: UseQueryResult<T>) => r.error instanceof ApiError && r.error.status === 404;
  const failed = results.filter((r) => r.status === 'error' && !missing(r));
  const settled = results.every((r) => r.data !== undefined || missing(r));
  return {
    status: failed.length > 0 ? 'error' : settled ? 'success' : 'pending',
    data: settled ? results.map((r) => (missing(r) ? null : (r.data ?? null))) : undefined,
    error: failed[0]?.error ?? null,
    isFetching: results.some((r) => r.isFetching),
    refetch: () => failed.forEach((r) => void r.refetch()),
  };
}

/** One query per symbol, combined (memoised by TanStack while no result changes). */
function useEach<T, K extends QueryKey>(
  symbols: readonly string[],
  query: (symbol: string) => UseQueryOptions<T, Error, T, K>,
): QueryView<(T | null)[]> {
  return useQueries({ queries: symbols.map(query), combine: allQueries<T> });
}

/** Each stock's (and the benchmark's) daily bars. */
export const useComparedBars = (symbols: readonly string[]) =>
  useEach(symbols, (s) => chartQuery(s, COMPARE_CHART_TIMEFRAME));

export const useComparedRatios = (symbols: readonly string[]) => useEach(symbols, ratiosTtmQuery);

export const useComparedKeyMetrics = (symbols: readonly string[]) =>
  useEach(symbols, keyMetricsTtmQuery);

export const useComparedIncome = (symbols: readonly string[]) =>
  useEach(symbols, (s) => statementsQuery(s, 'income', 'annual', COMPARE_STATEMENTS_LIMIT));

export const useComparedShariah = (symbols: readonly string[]) => useEach(symbols, shariahQuery);
