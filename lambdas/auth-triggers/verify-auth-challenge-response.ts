import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { otpMatches } from './otp-code';

/**
 * The answer is right when it is the session's 4-digit code (compared in constant time) and the
 * code has not expired — it lives from its first SMS, however many retries follow.
 */
export function verifyChallengeResponse(now: () => number = Date.now) {
  return async (
    event: VerifyAuthChallengeResponseTriggerEvent,
  ): Promise<VerifyAuthChallengeResponseTriggerEvent> => {
    const { answer, expiresAt } = event.request.privateChallengeParameters ?? {};
    event.response.answerCorrect =
      otpMatches(event.request.challengeAnswer, answer) && Number(expiresAt) >= now();
    return event;
  };
}

export const handler = verifyChallengeResponse();
