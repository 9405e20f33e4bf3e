import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyProfile } from '@core/market/types';
import { ApiError } from '../../../lib/api-client';
import { getFirst } from '../../../lib/asset-api';
import { stockKey } from './stock-key';

export const profileQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'profile'),
    queryFn: ({ signal }) => getFirst('profile', { params: { symbol }, signal }),
    staleTime: 60_000,
  });

/** GET /stocks/profile/{symbol}: the company with its live price fields. */
export const useProfile = (symbol: string) => useQuery(profileQuery(symbol));

/**
 * An unknown symbol: the API answers 404 (no such company) or 400 (not a ticker at all, e.g.
 * 'A B'); an empty answer means the same.
 */
export function isUnknownSymbol(error: unknown, data: CompanyProfile | null | undefined): boolean {
  if (error instanceof ApiError) return error.status === 404 || error.status === 400;
  return data === null;
}
