import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { recordSignIn } from '../shared/observability/metrics';
import { awsSignInStores } from './aws-sign-in-stores';
import { composeDefineAuthChallenge } from './define-auth-challenge.compose';

// Every sign-in ends here (tokens or failure), so this is where sign-ins are counted.
const define = lazy(() =>
  composeDefineAuthChallenge({ stores: awsSignInStores(), onOutcome: recordSignIn }),
);

export const handler = instrumented((event: DefineAuthChallengeTriggerEvent) => define()(event));
