import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { awsSignInStores } from './aws-sign-in-stores';
import { composeVerifyAuthChallengeResponse } from './verify-auth-challenge-response.compose';

const verify = lazy(() => composeVerifyAuthChallengeResponse({ stores: awsSignInStores() }));

export const handler = instrumented((event: VerifyAuthChallengeResponseTriggerEvent) =>
  verify()(event),
);
