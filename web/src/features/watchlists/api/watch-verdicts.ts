import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SymbolShariahVerdicts } from '@core/market/shariah-verdicts';
import { batchSymbolsParam } from '@core/market/watch-quotes';
import { getEnvelope } from '../../../lib/asset-api';

/** Verdicts move with statements, curation and the market cap: a minute-old one is current. */
const VERDICTS_STALE_MS = 60_000;

/**
 * Every row's Shariah verdicts of one list, under every standard, in ONE request
 * (GET /stocks/shariah-verdicts); the column picks the user's standard from them, so a change of
 * standard needs no new request.
 */
export const watchVerdictsQuery = (symbols: readonly string[]) => {
  const param = batchSymbolsParam(symbols);
  return queryOptions({
    queryKey: ['watchlists', 'shariah-verdicts', param] as const,
    queryFn: async ({ signal }): Promise<ReadonlyMap<string, SymbolShariahVerdicts>> => {
      const { data } = await getEnvelope('shariahVerdicts', { query: { symbols: param }, signal });
      return new Map(data.map((row) => [row.symbol.toUpperCase(), row]));
    },
    enabled: param !== '',
    staleTime: VERDICTS_STALE_MS,
    placeholderData: (previous) => previous,
  });
};

export const useWatchVerdicts = (symbols: readonly string[]) =>
  useQuery(watchVerdictsQuery(symbols));
