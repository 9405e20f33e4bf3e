import { UserLambdaValidationError } from 'cognito-local/lib/errors';
import {
  attributesToRecord,
  type User,
  type UserPoolService,
} from 'cognito-local/lib/services/userPoolService';
import { LOCAL_REGION } from '../aws-local';

/** A user's attributes as Cognito puts them in trigger events. */
export const attributesOf = (user: User | null): Record<string, string> =>
  user
    ? {
        ...attributesToRecord(user.Attributes),
        'cognito:user_status': user.UserStatus ?? 'CONFIRMED',
      }
    : {};

/** The fields every user-pool trigger event carries. */
export const commonFields = (pool: UserPoolService, userName: string, clientId: string) => ({
  version: '1',
  region: LOCAL_REGION,
  userPoolId: pool.options.Id,
  userName,
  callerContext: { awsSdkVersion: 'cognito-local', clientId },
});

/** Runs a trigger as Cognito does: whatever it throws reaches the client this way. */
export async function runTrigger<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UserLambdaValidationError(`${name} failed with error ${message}.`);
  }
}
