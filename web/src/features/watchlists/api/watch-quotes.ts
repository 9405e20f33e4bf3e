import { queryOptions, useQuery } from '@tanstack/react-query';
import { batchSymbolsParam, type WatchQuote } from '@core/market/watch-quotes';
import { getEnvelope } from '../../../lib/asset-api';
import { QUOTE_REFRESH_MS } from '../../../lib/stock-queries';

/**
 * Every row's quote and sparkline of one list in ONE request (GET /stocks/quotes), refreshed like
 * the stock page's quote; the refresh pauses while the tab is hidden (TanStack's default).
 */
export const watchQuotesQuery = (symbols: readonly string[]) => {
  const param = batchSymbolsParam(symbols);
  return queryOptions({
    queryKey: ['watchlists', 'quotes', param] as const,
    queryFn: async ({ signal }): Promise<ReadonlyMap<string, WatchQuote>> => {
      const { data } = await getEnvelope('quotes', { query: { symbols: param }, signal });
      return new Map(data.map((row) => [row.symbol, row]));
    },
    enabled: param !== '',
    refetchInterval: QUOTE_REFRESH_MS,
    staleTime: QUOTE_REFRESH_MS / 2,
    placeholderData: (previous) => previous,
  });
};

export const useWatchQuotes = (symbols: readonly string[]) => useQuery(watchQuotesQuery(symbols));
