import { useQuery } from '@tanstack/react-query';
import { shariahQuery } from '../../../lib/stock-queries';

// The query lives in shared code: the Analysis tab compares the same read under the same key.

/** GET /stocks/shariah/{symbol}: every standard's screen and the overall verdict. */
export const useShariah = (symbol: string) => useQuery(shariahQuery(symbol));
