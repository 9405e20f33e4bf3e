import { queryOptions } from '@tanstack/react-query';
import type { MarketIndex, Quote } from '../../../../core/market/types';
import { getEnvelope } from '../../lib/api-client';

export type IndexQuote = MarketIndex & { readonly quote: Quote };

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
  readonly mostActive: readonly Mover[];
}

/** Every §3 index with its quote; refreshed each minute while the page is open. */
export const indexesQuery = queryOptions({
  queryKey: ['market', 'indexes'],
  queryFn: async ({ signal }) =>
    (await getEnvelope<IndexQuote>('/stocks/indexes', {}, signal)).data,
  refetchInterval: 60_000,
  staleTime: 30_000,
});

export const moversQuery = queryOptions({
  queryKey: ['market', 'movers'],
  queryFn: async ({ signal }): Promise<Movers | null> =>
    (await getEnvelope<Movers>('/stocks/movers', { limit: '8' }, signal)).data[0] ?? null,
  refetchInterval: 60_000,
  staleTime: 30_000,
});
