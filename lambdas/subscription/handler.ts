import type { APIGatewayProxyEvent } from 'aws-lambda';
import { USERS_TABLE } from '../../core/tables';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { usersTableStores } from '../adapters/dynamodb/users-table-stores';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { traced } from '../shared/observability/tracing';
import { createSubscriptionApi } from './app';

// AWS composition: the table name comes from the stack, credentials and region from Lambda.
const api = lazy(() => {
  const { users, revocations } = usersTableStores(
    documentClient(),
    requiredEnv(USERS_TABLE.envVar),
  );
  return createSubscriptionApi({ users, revocations });
});

export const handler = instrumented('subscription', (event: APIGatewayProxyEvent) => api()(event), {
  around: traced,
});
