import { queryOptions } from '@tanstack/react-query';
import type { MarketIndex, Quote } from '../../../../core/market/types';
import { getEnvelope } from '../../lib/api-client';

export type IndexQuote = MarketIndex & { readonly quote: Quote };

/** A row of /stocks/movers. */
export interface Mover {
  readonly symbol: string;
  readonly name: string;
  readonly exchangeShortName: string;
  readonly currency: string;
  readonly price: number;
  readonly change: number;
  readonly changesPercentage: number;
  readonly volume: number;
}

export interface Movers {
  readonly gainers: readonly Mover[];
  readonly losers: readonly Mover[];
  /** By traded value (price × volume), as the API sorts them. */
  readonly mostActive: readonly Mover[];
}

/** Rows per movers list: three lists of 8 fit beside each other without scrolling on a laptop. */
export const MOVERS_LIMIT = 8;

/** Home refreshes each minute (the API caches live data for seconds, so each refresh is fresh). */
export const HOME_REFRESH_MS = 60_000;

// refetchInterval pauses while the tab is hidden (refetchIntervalInBackground stays false), so a
// background tab does not keep polling.
const live = {
  refetchInterval: HOME_REFRESH_MS,
  refetchIntervalInBackground: false,
  staleTime: HOME_REFRESH_MS / 2,
} as const;

/** Every §3 index with its quote. */
export const indexesQuery = queryOptions({
  queryKey: ['market', 'indexes'],
  queryFn: async ({ signal }) =>
    (await getEnvelope<IndexQuote>('/stocks/indexes', {}, signal)).data,
  ...live,
});

export const moversQuery = queryOptions({
  queryKey: ['market', 'movers', MOVERS_LIMIT],
  queryFn: async ({ signal }): Promise<Movers> => {
    const movers = (await getEnvelope<Movers>('/stocks/movers', { limit: MOVERS_LIMIT }, signal))
      .data[0];
    return movers ?? { gainers: [], losers: [], mostActive: [] };
  },
  ...live,
});
