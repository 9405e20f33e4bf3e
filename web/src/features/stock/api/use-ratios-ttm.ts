import { useQuery } from '@tanstack/react-query';
import { ratiosTtmQuery } from '../../../lib/stock-queries';

// The query lives in shared code: the Analysis tab compares the same read under the same key.

/** GET /stocks/ratios-ttm/{symbol}/ratios. */
export const useRatiosTtm = (symbol: string) => useQuery(ratiosTtmQuery(symbol));
