import { join } from 'node:path';
import { Router as cognitoLocalRouter, type Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import { recordConfirmedUser } from '../../../lambdas/auth-triggers/post-confirmation';
import type { UsersRepository } from '../../../lambdas/ports/users-repository';
import type { Outbox } from '../outbox';
import { withCodeLifetimes } from './code-lifetimes';
import { withCustomAuth } from './custom-auth';
import { withGlobalSignOut } from './global-sign-out';
import { withGroupsForUser } from './groups-for-user';
import { withListUsersFilter } from './list-users-filter';
import { localAuthTriggers } from './local-auth-triggers';
import { withPasswordPolicy } from './password-policy';
import { withPostConfirmation } from './post-confirmation';
import { withRefreshTokens } from './refresh-tokens';
import { withResendConfirmationCode } from './resend-confirmation-code';
import { withSrp } from './srp/srp-auth';
import { TokenRevocations } from './token-revocations';
import { UserExpiry } from './user-expiry';

export interface IdentityRouterOptions {
  readonly dataDir: string;
  readonly outbox: Outbox;
  readonly users?: UsersRepository;
}

export interface IdentityRouter {
  readonly router: Router;
  /** The developer control that ages one user's sign-in sessions and codes. */
  readonly expiry: UserExpiry;
}

/**
 * cognito-local's user-pool API with what it lacks added around it, innermost first: ListUsers'
 * Filter and AdminListGroupsForUser by alias as Cognito answers them, the post-confirmation trigger, ResendConfirmationCode, code lifetimes, custom auth with the
 * project's triggers, SRP (handing CUSTOM_WITH_SRP to custom auth around the password proof), the
 * password policy, then token revocation — outermost, so it sees every token issued and every
 * access token presented.
 */
export async function identityRouter(
  services: Services,
  options: IdentityRouterOptions,
): Promise<IdentityRouter> {
  const revocations = await TokenRevocations.open(
    // A folder of its own: cognito-local reads every .json file in dataDir as a user pool.
    join(options.dataDir, 'revocations', 'tokens.json'),
  );
  let router = withGroupsForUser(withListUsersFilter(cognitoLocalRouter(services)), services);
  if (options.users) {
    router = withPostConfirmation(router, services, recordConfirmedUser(options.users));
  }
  router = withResendConfirmationCode(router, services);
  const expiry = new UserExpiry();
  router = expiry.add(withCodeLifetimes(router, services)).router;
  const custom = withCustomAuth(router, services, localAuthTriggers(options.outbox), expiry);
  router = withSrp(custom.router, { services, custom, expiry });
  router = withPasswordPolicy(router, services);
  router = withGlobalSignOut(router, services, revocations);
  return { router: withRefreshTokens(router, services, revocations), expiry };
}
