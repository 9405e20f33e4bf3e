import { useQuery } from '@tanstack/react-query';
import type { StatementKind, StatementPeriod } from '@core/market/types';
import { statementsQuery } from '../../../lib/statement-queries';

// The query lives in shared code: the Analysis tab compares the same read under the same key.

/**
 * GET /stocks/statement/{symbol}/{kind path}?period&limit: newest first, TTM first for income and
 * cash flow. While more periods load ('Show more') the shorter table stays up; another kind or
 * period starts from a skeleton, since its rows differ.
 */
export function useStatements<K extends StatementKind>(
  symbol: string,
  kind: K,
  period: StatementPeriod,
  limit: number,
) {
  return useQuery({
    ...statementsQuery(symbol, kind, period, limit),
    placeholderData: (previous, previousQuery) => {
      const key = previousQuery?.queryKey;
      return key && key[1] === symbol && key[3] === kind && key[4] === period
        ? previous
        : undefined;
    },
  });
}
