import {
  verifyChallengeResponse,
  type VerifyChallengeDeps,
} from './verify-auth-challenge-response';
import { atTriggerEdge } from './trigger-edge';

/** The verify-auth-challenge-response trigger's ports: the users table's sign-in stores. */
export type VerifyAuthChallengeResponsePorts = VerifyChallengeDeps;

/** The verify-auth-challenge-response trigger, for AWS's Lambda and the local identity service. */
export function composeVerifyAuthChallengeResponse(ports: VerifyAuthChallengeResponsePorts) {
  return atTriggerEdge(verifyChallengeResponse(ports));
}
