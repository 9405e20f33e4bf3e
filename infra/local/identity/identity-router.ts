import { join } from 'node:path';
import { Router as cognitoLocalRouter, type Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import { composePostConfirmation } from '../../../lambdas/auth-triggers/post-confirmation.compose';
import type { SignInStores } from '../../../lambdas/auth-triggers/sign-in-stores';
import type { Outbox } from '../outbox';
import { withAttemptLimits } from './attempt-limits';
import { withAuthGate } from './auth-gate';
import { withCodeLifetimes } from './code-lifetimes';
import { withCustomAuth } from './custom-auth';
import { withEmailChange } from './email-change';
import { withForgotPassword } from './forgot-password';
import { withGlobalSignOut } from './global-sign-out';
import { withGroupsForUser } from './groups-for-user';
import { withListUsersFilter } from './list-users-filter';
import { localAuthTriggers } from './local-auth-triggers';
import { withPasswordPolicy } from './password-policy';
import { withPostConfirmation } from './post-confirmation';
import { withRefreshTokens } from './refresh-tokens';
import { withResendConfirmationCode } from './resend-confirmation-code';
import type { SigningKey } from './signing-key';
import { withSrp } from './srp/srp-auth';
import { TokenRevocations } from './token-revocations';
import { UserExpiry } from './user-expiry';
import { withUserCount } from './user-count';
import { withUnavailable } from './unavailable';
import { withUserPages } from './user-pages';

export interface IdentityRouterOptions {
  readonly dataDir: string;
  readonly outbox: Outbox;
  /** The users table: the post-confirmation record and the custom-auth triggers' state. */
  readonly stores: SignInStores;
  /** This installation's key pair, which signs and checks every token. */
  readonly key: SigningKey;
}

export interface IdentityRouter {
  readonly router: Router;
  /** The developer control that ages one user's sign-in sessions and codes. */
  readonly expiry: UserExpiry;
  /** Resolves once what the service is writing (token revocations) is on disk. */
  flush(): Promise<void>;
}

/**
 * cognito-local's user-pool API with what it lacks added around it. Each layer sees a request
 * before every layer inside it, and the answer after; the order below is what makes it right,
 * innermost first:
 *
 * 1. ListUsers' Filter, then pages (Limit, tokens) around it — a page counts filtered users.
 * 2. DescribeUserPool's user count; AdminListGroupsForUser by alias; e-mail changes that wait for their code; the
 *    post-confirmation trigger (after cognito-local confirms).
 * 3. ResendConfirmationCode and ForgotPassword (no code, and Cognito's answer, for unknown or
 *    disabled users).
 * 4. Code lifetimes, around 2 and 3: they see every code those send, and an expired code is
 *    refused before the confirmation — and so the post-confirmation trigger — happens.
 * 5. Custom auth with the project's triggers, then SRP around it (CUSTOM_WITH_SRP hands the custom
 *    flow to SRP for the password proof, and back), with NEW_PASSWORD_REQUIRED.
 * 6. The password policy, around every layer that stores a password — including the answer to
 *    NEW_PASSWORD_REQUIRED, checked before its session is spent. It verifies the access token it
 *    reads a pool from itself, so it does not depend on 7.
 * 7. Global sign-out: every access token presented is verified and checked for revocation before
 *    any inner layer acts on it.
 * 8. Refresh tokens and revocation: outside every layer that issues tokens, so it notes each one.
 * 9. Attempt limits (sign-in lockout, reset- and sign-up-code guesses, codes sent on request):
 *    outside every layer that checks a password or a code or sends one, so a locked user is
 *    refused before any of them runs.
 * 10. The sign-in gate: a flow the app client does not allow, a disabled user or a challenge this
 *    pool never asks is refused before anything else runs.
 * 11. Outermost, a store that does not answer (DynamoDB Local stopped or restarting) becomes
 *    Cognito's InternalErrorException with a plain message, whichever layer met it.
 */
export async function identityRouter(
  services: Services,
  options: IdentityRouterOptions,
): Promise<IdentityRouter> {
  const revocations = await TokenRevocations.open(
    // A folder of its own: cognito-local reads every .json file in dataDir as a user pool.
    join(options.dataDir, 'revocations', 'tokens.json'),
    { now: () => services.clock.get().getTime() },
  );
  const expiry = new UserExpiry();
  let router = withUserPages(withListUsersFilter(cognitoLocalRouter(services)));
  router = withGroupsForUser(withUserCount(router, services), services);
  router = withEmailChange(router, services, options.key);
  router = withPostConfirmation(
    router,
    services,
    composePostConfirmation({ users: options.stores.users }),
  );
  router = withForgotPassword(withResendConfirmationCode(router, services), services);
  router = withCodeLifetimes(router, services, expiry);
  const custom = withCustomAuth(
    router,
    services,
    localAuthTriggers(options.outbox, options.stores),
    expiry,
  );
  router = withSrp(custom.router, { services, custom, expiry });
  router = withPasswordPolicy(router, services, options.key);
  router = withGlobalSignOut(router, services, revocations, options.key);
  router = withRefreshTokens(router, services, revocations, options.key);
  router = withAttemptLimits(router, services, options.key);
  router = withAuthGate(router, services);
  router = withUnavailable(router);
  return { router, expiry, flush: () => revocations.flush() };
}
