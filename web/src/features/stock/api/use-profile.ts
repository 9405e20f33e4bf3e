import { useQuery } from '@tanstack/react-query';
import type { CompanyProfile } from '@core/market/types';
import { ApiError } from '../../../lib/api-client';
import { profileQuery } from '../../../lib/stock-queries';

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
