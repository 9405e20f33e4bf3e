import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { previousSessionClose } from '@core/market/day-change';
import { chartRequest, type Timeframe } from '@core/market/timeframes';
import { getEnvelope } from '../../lib/asset-api';
import { previousCloseFrom, shownSession, toPoints, type ChartPoint } from './chart-points';

const INTRADAY: readonly Timeframe[] = ['1D', '5D'];

/** One symbol's bars for a timeframe (§3/§7); intraday refreshes each minute. */
export const chartQuery = (symbol: string, timeframe: Timeframe) =>
  queryOptions({
    queryKey: ['chart', symbol, timeframe],
    queryFn: async ({ signal }): Promise<ChartPoint[]> => {
      const request = chartRequest(symbol, timeframe, new Date());
      const envelope =
        request.endpoint === 'intraday'
          ? await getEnvelope('intraday', { params: request.params, query: request.query, signal })
          : await getEnvelope('daily', { params: request.params, query: request.query, signal });
      return toPoints(envelope.data);
    },
    staleTime: INTRADAY.includes(timeframe) ? 30_000 : 5 * 60_000,
    refetchInterval: INTRADAY.includes(timeframe) ? 60_000 : false,
  });

export const isIntraday = (timeframe: Timeframe) => INTRADAY.includes(timeframe);

/**
 * The previous close of a 1D chart: the close of the session before `session` (the exchange day
 * shown), read from the daily bars; null when none is known.
 */
export const previousCloseQuery = (symbol: string, session: string) =>
  queryOptions({
    queryKey: ['previous-close', symbol, session],
    queryFn: async ({ signal }): Promise<number | null> => {
      const from = previousCloseFrom(session);
      const envelope = await getEnvelope('daily', { params: { symbol }, query: { from }, signal });
      return previousSessionClose(envelope.data, session) ?? null;
    },
    // A past session's close does not change.
    staleTime: Infinity,
  });

/**
 * Starts a symbol's 1D chart and, once its bars name the session, that session's previous close
 * (the 1D figure needs it): what a page warms before its chart is drawn. Never throws; a failed
 * read is the chart's to show when it asks.
 */
export async function prefetchDayChart(client: QueryClient, symbol: string): Promise<void> {
  const points = await client.fetchQuery(chartQuery(symbol, '1D')).catch(() => undefined);
  const session = points && shownSession(points);
  if (session) await client.prefetchQuery(previousCloseQuery(symbol, session));
}
