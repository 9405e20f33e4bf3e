import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { USERS_TABLE } from '../../core/tables';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { DynamoDbUsersRepository } from '../adapters/dynamodb/users-repository';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { composePostConfirmation } from './post-confirmation.compose';
import { LAMBDA_TIMEOUT_SECONDS } from '../../core/lambda-timeouts';
import { awsClientOptions } from '../adapters/aws/client-options';

const record = lazy(() =>
  composePostConfirmation({
    users: new DynamoDbUsersRepository(
      documentClient(awsClientOptions(LAMBDA_TIMEOUT_SECONDS.authTrigger)),
      requiredEnv(USERS_TABLE.envVar),
    ),
  }),
);

export const handler = instrumented((event: PostConfirmationTriggerEvent) => record()(event));
