import { join } from 'node:path';
import { Router as cognitoLocalRouter, type Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import { recordConfirmedUser } from '../../../lambdas/auth-triggers/post-confirmation';
import type { UsersRepository } from '../../../lambdas/ports/users-repository';
import type { Outbox } from '../outbox';
import { withCustomAuth } from './custom-auth';
import { withGlobalSignOut } from './global-sign-out';
import { localAuthTriggers } from './local-auth-triggers';
import { withPasswordPolicy } from './password-policy';
import { withPostConfirmation } from './post-confirmation';
import { withRefreshTokens } from './refresh-tokens';
import { withResendConfirmationCode } from './resend-confirmation-code';
import { withSrp } from './srp/srp-auth';
import { TokenRevocations } from './token-revocations';

export interface IdentityRouterOptions {
  readonly dataDir: string;
  readonly outbox: Outbox;
  readonly users?: UsersRepository;
}

/**
 * cognito-local's user-pool API with what it lacks added around it, innermost first: the
 * post-confirmation trigger, ResendConfirmationCode, custom auth with the project's triggers, SRP
 * (handing CUSTOM_WITH_SRP to custom auth around the password proof), the password policy, then
 * token revocation — outermost, so it sees every token issued and every access token presented.
 */
export async function identityRouter(
  services: Services,
  options: IdentityRouterOptions,
): Promise<Router> {
  const revocations = await TokenRevocations.open(
    // A folder of its own: cognito-local reads every .json file in dataDir as a user pool.
    join(options.dataDir, 'revocations', 'tokens.json'),
  );
  let router = cognitoLocalRouter(services);
  if (options.users) {
    router = withPostConfirmation(router, services, recordConfirmedUser(options.users));
  }
  router = withResendConfirmationCode(router, services);
  const custom = withCustomAuth(router, services, localAuthTriggers(options.outbox));
  router = withSrp(custom.router, { services, custom });
  router = withPasswordPolicy(router, services);
  router = withGlobalSignOut(router, services, revocations);
  return withRefreshTokens(router, services, revocations);
}
