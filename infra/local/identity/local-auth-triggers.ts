import { randomBytes } from 'node:crypto';
import { createChallenge } from '../../../lambdas/auth-triggers/create-auth-challenge';
import { handler as define } from '../../../lambdas/auth-triggers/define-auth-challenge';
import { handler as verify } from '../../../lambdas/auth-triggers/verify-auth-challenge-response';
import type { Outbox } from '../outbox';
import type { CustomAuthTriggers } from './custom-auth';
import { OutboxSmsSender } from './outbox-sms-sender';

/**
 * The project's own custom-auth triggers composed for the local runtime: the code's SMS goes to
 * the outbox, and it is sealed with a per-process key (challenge sessions live in memory, so none
 * outlives the process that sealed it).
 */
export function localAuthTriggers(outbox: Outbox): CustomAuthTriggers {
  const key = randomBytes(32);
  return {
    define,
    create: createChallenge({ sms: new OutboxSmsSender(outbox), sealKey: async () => key }),
    verify,
  };
}
