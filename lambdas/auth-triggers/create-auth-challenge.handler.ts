import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { requiredEnv } from '../adapters/dynamodb/document-client';
import { SnsSmsSender } from '../adapters/sns/sms-sender';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { countedAsOtpSends } from '../shared/observability/metrics';
import { awsSignInStores } from './aws-sign-in-stores';
import { composeCreateAuthChallenge } from './create-auth-challenge.compose';
import { OTP_SEAL_KEY_SECRET_ENV, secretsManagerSealKey } from './seal-key';

/** AWS adapters: the code goes out through SNS, sealed with the key from Secrets Manager. */
const create = lazy(() =>
  composeCreateAuthChallenge({
    sms: countedAsOtpSends(new SnsSmsSender()),
    sealKey: secretsManagerSealKey(requiredEnv(OTP_SEAL_KEY_SECRET_ENV)),
    stores: awsSignInStores(),
  }),
);

export const handler = instrumented((event: CreateAuthChallengeTriggerEvent) => create()(event));
