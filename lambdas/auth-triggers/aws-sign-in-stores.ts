import { USERS_TABLE } from '../../core/tables';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { usersTableStores } from '../adapters/dynamodb/users-table-stores';
import type { SignInStores } from './sign-in-stores';
import { LAMBDA_TIMEOUT_SECONDS } from '../../core/lambda-timeouts';
import { awsClientOptions } from '../adapters/aws/client-options';

/** AWS composition of the triggers' stores: the users table named by the stack. */
export const awsSignInStores = (): SignInStores =>
  usersTableStores(
    documentClient(awsClientOptions(LAMBDA_TIMEOUT_SECONDS.authTrigger)),
    requiredEnv(USERS_TABLE.envVar),
  );
