import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import type { SignInOutcome } from '../shared/observability/names';
import { atTriggerEdge } from './trigger-edge';
import { defineChallenge, signInOutcome, type DefineChallengeDeps } from './define-auth-challenge';

export interface DefineAuthChallengePorts extends DefineChallengeDeps {
  /** Told how each sign-in ended (tokens or failure): every sign-in ends at this trigger. */
  readonly onOutcome?: (outcome: SignInOutcome) => void;
}

/** The define-auth-challenge trigger, for AWS's Lambda and the local identity service. */
export function composeDefineAuthChallenge({ onOutcome, ...deps }: DefineAuthChallengePorts) {
  const define = defineChallenge(deps);
  return atTriggerEdge(async (event: DefineAuthChallengeTriggerEvent) => {
    const decided = await define(event);
    const outcome = signInOutcome(decided.response);
    if (outcome) onOutcome?.(outcome);
    return decided;
  });
}
