import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { USERS_TABLE } from '../../core/tables';
import { CognitoIdentityDirectory } from '../adapters/cognito/identity-directory';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { usersTableStores } from '../adapters/dynamodb/users-table-stores';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { traced } from '../shared/observability/tracing';
import { composeAdminQueriesApi } from './compose';
import { USER_POOL_ID_ENV } from '../shared/environment';
import { awsClientOptions } from '../adapters/aws/client-options';

const api = lazy(() => {
  const { users, revocations } = usersTableStores(
    documentClient(),
    requiredEnv(USERS_TABLE.envVar),
  );
  return composeAdminQueriesApi({
    directory: new CognitoIdentityDirectory(
      new CognitoIdentityProviderClient(awsClientOptions()),
      requiredEnv(USER_POOL_ID_ENV),
    ),
    users,
    revocations,
  });
});

export const handler = instrumented((event: APIGatewayProxyEvent) => api()(event), {
  around: traced,
});
