import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { lazy } from '../shared/dispatch';
import { awsSignInStores } from './aws-sign-in-stores';
import { verifyChallengeResponse } from './verify-auth-challenge-response';

const verify = lazy(() => verifyChallengeResponse({ stores: awsSignInStores() }));

export const handler = (event: VerifyAuthChallengeResponseTriggerEvent) => verify()(event);
