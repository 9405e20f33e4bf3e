import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { otpMatches } from './otp-code';

/** The answer is right when it is the session's 4-digit code (compared in constant time). */
export const handler = async (
  event: VerifyAuthChallengeResponseTriggerEvent,
): Promise<VerifyAuthChallengeResponseTriggerEvent> => {
  event.response.answerCorrect = otpMatches(
    event.request.challengeAnswer,
    event.request.privateChallengeParameters?.answer,
  );
  return event;
};
