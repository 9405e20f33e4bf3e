import { randomBytes } from 'node:crypto';
import { composeCreateAuthChallenge } from '../../../lambdas/auth-triggers/create-auth-challenge.compose';
import { composeDefineAuthChallenge } from '../../../lambdas/auth-triggers/define-auth-challenge.compose';
import type { SignInStores } from '../../../lambdas/auth-triggers/sign-in-stores';
import { composeVerifyAuthChallengeResponse } from '../../../lambdas/auth-triggers/verify-auth-challenge-response.compose';
import type { Outbox } from '../outbox';
import type { CustomAuthTriggers } from './custom-auth';
import { OutboxSmsSender } from './outbox-sms-sender';

/**
 * The project's own custom-auth triggers composed for the local runtime: their stores are the
 * users table of DynamoDB Local, the code's SMS goes to the outbox, and it is sealed with a
 * per-process key (challenge sessions live in memory, so none outlives the process that sealed it).
 */
export function localAuthTriggers(outbox: Outbox, stores: SignInStores): CustomAuthTriggers {
  const key = randomBytes(32);
  return {
    define: composeDefineAuthChallenge({ stores }),
    create: composeCreateAuthChallenge({
      sms: new OutboxSmsSender(outbox),
      sealKey: async () => key,
      stores,
    }),
    verify: composeVerifyAuthChallengeResponse({ stores }),
  };
}
