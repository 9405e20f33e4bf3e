import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { USERS_TABLE } from '../../core/tables';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { DynamoDbUsersRepository } from '../adapters/dynamodb/users-repository';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { composePostConfirmation } from './post-confirmation.compose';

const record = lazy(() =>
  composePostConfirmation({
    users: new DynamoDbUsersRepository(documentClient(), requiredEnv(USERS_TABLE.envVar)),
  }),
);

export const handler = instrumented((event: PostConfirmationTriggerEvent) => record()(event));
