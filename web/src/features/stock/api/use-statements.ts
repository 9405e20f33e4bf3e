import { queryOptions, useQuery } from '@tanstack/react-query';
import { statementRequest, type IdentifiedStatement } from '@core/market/statements';
import type { StatementKind, StatementPeriod } from '@core/market/types';
import { getEnvelope } from '../../../lib/asset-api';
import { stockKey } from './stock-key';

export const statementsQuery = <K extends StatementKind>(
  symbol: string,
  kind: K,
  period: StatementPeriod,
  limit: number,
) =>
  queryOptions({
    queryKey: stockKey(symbol, 'statements', kind, period, limit),
    queryFn: async ({ signal }): Promise<readonly IdentifiedStatement<K>[]> => {
      // The kind's endpoint answers statements of that kind (core/api/asset.ts).
      const { endpoint, params, query } = statementRequest<StatementKind>(
        symbol,
        kind,
        period,
        limit,
      );
      const envelope = await getEnvelope(endpoint, { params, query, signal });
      return envelope.data as readonly IdentifiedStatement<K>[];
    },
    staleTime: 60 * 60_000,
  });

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
