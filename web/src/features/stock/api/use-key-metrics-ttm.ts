import { useQuery } from '@tanstack/react-query';
import { keyMetricsTtmQuery } from '../../../lib/stock-queries';

// The query lives in shared code: the Analysis tab compares the same read under the same key.

/** GET /stocks/key-metrics-ttm/{symbol}/metrics. */
export const useKeyMetricsTtm = (symbol: string) => useQuery(keyMetricsTtmQuery(symbol));
