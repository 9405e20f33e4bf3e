import { useQuery } from '@tanstack/react-query';
import type { CalendarRange } from '@core/market/calendar';
import { getEnvelope } from '../../../lib/asset-api';
import { subscriptionApi } from '../../../lib/apis/subscription';
import { callAsUser } from '../../../lib/auth/call-as-user';

/**
 * The calendar's reads: GET /api/asset/stocks/calendar for the shown range (of a watchlist's
 * symbols, or everything), and the user's watchlists (GET /api/subscription/watchlists).
 */

/** Events of the range; `symbols` undefined means everything, an empty list means none. */
export function useCalendarEvents(range: CalendarRange, symbols: readonly string[] | undefined) {
  const none = symbols !== undefined && symbols.length === 0;
  return useQuery({
    queryKey: ['calendar', range.from, range.to, symbols ?? null],
    queryFn: ({ signal }) =>
      getEnvelope('calendar', {
        query: {
          from: range.from,
          to: range.to,
          ...(symbols ? { symbols: symbols.join(',') } : {}),
        },
        signal,
      }),
    enabled: !none,
    select: (envelope) => envelope.data,
    placeholderData: (previous) => previous,
  });
}

/** The signed-in user's watchlists (the same query key the workspace's other screens may share). */
export function useWatchlists(enabled: boolean) {
  return useQuery({
    queryKey: ['watchlists'],
    queryFn: () => callAsUser(subscriptionApi, 'watchlists'),
    enabled,
    select: (answer) => answer.watchlists,
  });
}
