import { queryOptions } from '@tanstack/react-query';
import { chartRequest, type Timeframe } from '@core/market/timeframes';
import type { PriceBar } from '@core/market/types';
import { getEnvelope } from '../../lib/api-client';
import { toPoints, type ChartPoint } from './chart-points';

const INTRADAY: readonly Timeframe[] = ['1D', '5D'];

/** One symbol's bars for a timeframe (§3/§7); intraday refreshes each minute. */
export const chartQuery = (symbol: string, timeframe: Timeframe) =>
  queryOptions({
    queryKey: ['chart', symbol, timeframe],
    queryFn: async ({ signal }): Promise<ChartPoint[]> => {
      const { path, query } = chartRequest(symbol, timeframe, new Date());
      const envelope = await getEnvelope<PriceBar>(path, query, signal);
      return toPoints(envelope.data);
    },
    staleTime: INTRADAY.includes(timeframe) ? 30_000 : 5 * 60_000,
    refetchInterval: INTRADAY.includes(timeframe) ? 60_000 : false,
  });

export const isIntraday = (timeframe: Timeframe) => INTRADAY.includes(timeframe);
