import { useQuery } from '@tanstack/react-query';
import { nextEarningsBySymbol, type EarningsEvent } from '@core/market/calendar';
import { batchSymbolsParam } from '@core/market/watch-quotes';
import { useNow } from '../../../hooks/use-now';
import { getEnvelope } from '../../../lib/asset-api';

/** The calendar API's longest range (100 days) covers the next quarterly report of every stock. */
const LOOK_AHEAD_DAYS = 99;
const DAY_MS = 86_400_000;

/**
 * Each row's next earnings date for one list, in ONE calendar request (GET /stocks/calendar, the
 * list's symbols, earnings only, today and the next 99 days). Dates change rarely: read once an
 * hour.
 */
export function useNextEarnings(symbols: readonly string[]) {
  const now = useNow();
  const param = batchSymbolsParam(symbols);
  const today = new Date(now).toISOString().slice(0, 10);
  const to = new Date(now + LOOK_AHEAD_DAYS * DAY_MS).toISOString().slice(0, 10);
  return useQuery({
    queryKey: ['watchlists', 'earnings', today, param] as const,
    queryFn: async ({ signal }): Promise<ReadonlyMap<string, EarningsEvent>> => {
      const { data } = await getEnvelope('calendar', {
        query: { from: today, to, symbols: param, kinds: 'earnings' },
        signal,
      });
      return nextEarningsBySymbol(data, today);
    },
    enabled: param !== '',
    staleTime: 60 * 60 * 1000,
  });
}
