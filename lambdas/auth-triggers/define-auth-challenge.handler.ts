import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { lazy } from '../shared/dispatch';
import { awsSignInStores } from './aws-sign-in-stores';
import { defineChallenge } from './define-auth-challenge';

const define = lazy(() => defineChallenge({ stores: awsSignInStores() }));

export const handler = (event: DefineAuthChallengeTriggerEvent) => define()(event);
