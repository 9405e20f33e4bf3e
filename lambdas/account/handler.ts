import type { APIGatewayProxyEvent } from 'aws-lambda';
import { USERS_TABLE } from '../../core/tables';
import { CognitoAccountIdentity } from '../adapters/cognito/account-identity';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { usersTableStores } from '../adapters/dynamodb/users-table-stores';
import { SnsSmsSender } from '../adapters/sns/sms-sender';
import { USER_POOL_ID_ENV } from '../shared/environment';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { countedAsOtpSends } from '../shared/observability/metrics';
import { traced } from '../shared/observability/tracing';
import { composeAccountApi } from './compose';

// AWS adapters: the users table and user pool named by the stack; SMS (codes) through SNS.
const api = lazy(() =>
  composeAccountApi({
    ...usersTableStores(documentClient(), requiredEnv(USERS_TABLE.envVar)),
    // Their SDK clients are made on first use: most routes need neither.
    identity: new CognitoAccountIdentity(undefined, requiredEnv(USER_POOL_ID_ENV)),
    sms: countedAsOtpSends(new SnsSmsSender()),
  }),
);

export const handler = instrumented((event: APIGatewayProxyEvent) => api()(event), {
  around: traced,
});
