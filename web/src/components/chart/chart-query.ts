import { queryOptions } from '@tanstack/react-query';
import { chartRequest, type Timeframe } from '@core/market/timeframes';
import { getEnvelope } from '../../lib/asset-api';
import { toPoints, type ChartPoint } from './chart-points';

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
