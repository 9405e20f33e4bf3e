import type { APIGatewayProxyEvent } from 'aws-lambda';
import { USERS_TABLE } from '../../core/tables';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { DynamoDbUsersRepository } from '../adapters/dynamodb/users-repository';
import { lazy } from '../shared/dispatch';
import { createSubscriptionApi } from './app';

// AWS composition: the table name comes from the stack, credentials and region from Lambda.
const api = lazy(() =>
  createSubscriptionApi({
    users: new DynamoDbUsersRepository(documentClient(), requiredEnv(USERS_TABLE.envVar)),
  }),
);

export const handler = (event: APIGatewayProxyEvent) => api()(event);
