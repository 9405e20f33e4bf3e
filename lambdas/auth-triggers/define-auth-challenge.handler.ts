import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { recordSignIn } from '../shared/observability/metrics';
import { awsSignInStores } from './aws-sign-in-stores';
import { defineChallenge, signInOutcome } from './define-auth-challenge';

const define = lazy(() => defineChallenge({ stores: awsSignInStores() }));

// Every sign-in ends here (tokens or failure), so this is where sign-ins are counted.
export const handler = instrumented(async (event: DefineAuthChallengeTriggerEvent) => {
  const decided = await define()(event);
  const outcome = signInOutcome(decided.response);
  if (outcome) recordSignIn(outcome);
  return decided;
});
