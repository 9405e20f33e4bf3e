import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import type { SmsSender } from '../ports/sms-sender';
import { CUSTOM_CHALLENGE } from './define-auth-challenge';
import { maskPhone, newOtpCode } from './otp-code';

/** Marks which code a session carries without revealing it (challengeMetadata is logged by AWS). */
const CODE_MARKER = 'CODE-SENT';

export const otpMessage = (code: string) =>
  `Your StockScope verification code is ${code}. It expires in 3 minutes.`;

/**
 * Issues a 4-digit code by SMS for each code step. A wrong answer gets a fresh code: Cognito does
 * not hand earlier private parameters back, and keeping the code in challengeMetadata would put it
 * in logs. The code lives only in the private parameters, never in a response. Public parameters
 * say trigger 'true' (the SPA shows the code step) and the masked phone.
 */
export function createChallenge(sms: SmsSender) {
  return async (
    event: CreateAuthChallengeTriggerEvent,
  ): Promise<CreateAuthChallengeTriggerEvent> => {
    if (event.request.challengeName !== CUSTOM_CHALLENGE) return event;
    const phone = event.request.userAttributes.phone_number;
    const code = newOtpCode();
    if (!phone) throw new Error('The account has no phone number for the verification code');
    await sms.send(phone, otpMessage(code));
    event.response.publicChallengeParameters = { trigger: 'true', phone: maskPhone(phone) };
    event.response.privateChallengeParameters = { answer: code };
    event.response.challengeMetadata = CODE_MARKER;
    return event;
  };
}
