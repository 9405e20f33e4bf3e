import { SNSClient } from '@aws-sdk/client-sns';
import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { SnsSmsSender } from '../adapters/sns/sms-sender';
import { lazy } from '../shared/dispatch';
import { createChallenge } from './create-auth-challenge';

const create = lazy(() => createChallenge(new SnsSmsSender(new SNSClient({}))));

export const handler = (event: CreateAuthChallengeTriggerEvent) => create()(event);
