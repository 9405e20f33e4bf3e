import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import {
  NotAuthorizedError,
  PasswordResetRequiredError,
  UserNotConfirmedException,
} from 'cognito-local/lib/errors';

/** Cognito refuses sign-in for these states whatever the proof. */
export function assertCanSignIn(user: User): void {
  if (user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
  if (user.UserStatus === 'RESET_REQUIRED') throw new PasswordResetRequiredError();
  if (user.UserStatus === 'UNCONFIRMED') throw new UserNotConfirmedException();
}

/** Tokens for a user whose sign-in is complete, as cognito-local issues them. */
export async function issueTokens(
  ctx: Context,
  services: Services,
  user: User,
  pool: UserPoolService,
  clientId: string,
): Promise<unknown> {
  const client = await services.cognito.getAppClient(ctx, clientId);
  if (!client) throw new NotAuthorizedError();
  const groups = await pool.listUserGroupMembership(ctx, user);
  const tokens = await services.tokenGenerator.generate(
    ctx,
    user,
    groups,
    client,
    undefined,
    'Authentication',
  );
  await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
  return { ChallengeParameters: {}, AuthenticationResult: tokens };
}
