import type { AppSyncResolverEvent } from 'aws-lambda';
import { STOCKS_TABLE, USERS_TABLE } from '../../core/tables';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { usersTableStores } from '../adapters/dynamodb/users-table-stores';
import { dynamoDbCurationServices } from '../curation/curation-services';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { traced } from '../shared/observability/tracing';
import { createCurationResolver } from './curation-resolver';

// AppSync direct Lambda resolver of the curation fields (Cognito user pool): editors' sets and
// revocations from the users table, the curated data and their audit trails in the stocks table.
const resolver = lazy(() => {
  const client = documentClient();
  const { users, revocations } = usersTableStores(client, requiredEnv(USERS_TABLE.envVar));
  return createCurationResolver({
    // No instrument for new stocks: in AWS the market-data provider prices every listed symbol.
    ...dynamoDbCurationServices({ client, stocksTable: requiredEnv(STOCKS_TABLE.envVar), users }),
    revocations,
  });
});

export const handler = instrumented(
  (event: AppSyncResolverEvent<Record<string, unknown>>) => resolver()(event),
  { around: traced },
);
