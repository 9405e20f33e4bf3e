import { queryOptions } from '@tanstack/react-query';
import type { Movers } from '@core/market/types';
import { getEnvelope } from '../../../lib/asset-api';

/** Rows per movers list: three lists of 8 fit beside each other without scrolling on a laptop. */
export const MOVERS_LIMIT = 8;

/** Home refreshes each minute (the API caches live data for seconds, so each refresh is fresh). */
const HOME_REFRESH_MS = 60_000;

// refetchInterval pauses while the tab is hidden (TanStack's refetchIntervalInBackground is
// false by default), so a background tab does not keep polling.
const live = { refetchInterval: HOME_REFRESH_MS, staleTime: HOME_REFRESH_MS / 2 } as const;

/** Every §3 index with its quote. */
export const indexesQuery = queryOptions({
  queryKey: ['market', 'indexes'],
  queryFn: async ({ signal }) => (await getEnvelope('indexes', { signal })).data,
  ...live,
});

export const moversQuery = queryOptions({
  queryKey: ['market', 'movers', MOVERS_LIMIT],
  queryFn: async ({ signal }): Promise<Movers> => {
    const query = { limit: String(MOVERS_LIMIT) };
    const movers = (await getEnvelope('movers', { query, signal })).data[0];
    return movers ?? { gainers: [], losers: [], mostActive: [] };
  },
  ...live,
});
