import { atTriggerEdge } from './trigger-edge';
import { createChallenge, type CreateChallengeDeps } from './create-auth-challenge';

/** The create-auth-challenge trigger's ports: the stores, the SMS sender, the code's seal key. */
export type CreateAuthChallengePorts = CreateChallengeDeps;

/** The create-auth-challenge trigger, for AWS's Lambda and the local identity service. */
export function composeCreateAuthChallenge(ports: CreateAuthChallengePorts) {
  return atTriggerEdge(createChallenge(ports));
}
