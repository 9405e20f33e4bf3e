import { queryOptions } from '@tanstack/react-query';
import { statementRequest, type IdentifiedStatement } from '@core/market/statements';
import type { StatementKind, StatementPeriod } from '@core/market/types';
import { getEnvelope } from './asset-api';
import { stockKey } from './stock-queries';

// Apart from the other stock reads: core's statements module carries zod, which the first bundle
// (home, and the loaders that warm the stock page's header) does without.

/** GET /stocks/statement/{symbol}/{kind path}?period&limit: newest first, TTM first. */
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
