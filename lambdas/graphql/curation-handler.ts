import type { AppSyncResolverEvent } from 'aws-lambda';
import { STOCKS_TABLE, USERS_TABLE } from '../../core/tables';
import { curationStores } from '../adapters/dynamodb/curation-stores';
import { DynamoDbVerdictChecks } from '../adapters/dynamodb/verdict-watch';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { usersTableStores } from '../adapters/dynamodb/users-table-stores';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { traced } from '../shared/observability/tracing';
import { composeCurationResolver } from './curation-compose';

// AppSync direct Lambda resolver of the curation fields (Cognito user pool): editors' sets and
// revocations from the users table, the curated data and their audit trails in the stocks table.
// No instrument for new stocks: in AWS the market-data provider prices every listed symbol.
const resolver = lazy(() => {
  const client = documentClient();
  const stocks = requiredEnv(STOCKS_TABLE.envVar);
  return composeCurationResolver({
    ...usersTableStores(client, requiredEnv(USERS_TABLE.envVar)),
    ...curationStores(client, stocks),
    verdictChecks: new DynamoDbVerdictChecks(client, stocks),
  });
});

export const handler = instrumented(
  (event: AppSyncResolverEvent<Record<string, unknown>>) => resolver()(event),
  { around: traced },
);
