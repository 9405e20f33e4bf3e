import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { USERS_TABLE } from '../../core/tables';
import { CognitoIdentityDirectory } from '../adapters/cognito/identity-directory';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { DynamoDbUsersRepository } from '../adapters/dynamodb/users-repository';
import { lazy } from '../shared/dispatch';
import { createAdminQueriesApi } from './app';
import { USER_POOL_ID_ENV } from './routes';

const api = lazy(() =>
  createAdminQueriesApi({
    directory: new CognitoIdentityDirectory(
      new CognitoIdentityProviderClient({}),
      requiredEnv(USER_POOL_ID_ENV),
    ),
    users: new DynamoDbUsersRepository(documentClient(), requiredEnv(USERS_TABLE.envVar)),
  }),
);

export const handler = (event: APIGatewayProxyEvent) => api()(event);
