import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import type { SmsSender } from '../ports/sms-sender';
import { openCode, sealCode } from './code-seal';
import { CUSTOM_CHALLENGE } from './define-auth-challenge';
import { maskPhone, newOtpCode, otpMessage } from './otp-code';

export interface CreateChallengeDeps {
  readonly sms: SmsSender;
  /** 32-byte key sealing the code into challengeMetadata (a secret in AWS). */
  readonly sealKey: () => Promise<Buffer>;
}

/**
 * The 4-digit code step. The first challenge of a session texts a fresh code; a retry after a
 * wrong answer re-uses it (the user still has that SMS), recovered from the previous step's sealed
 * challengeMetadata — a new code and SMS only if it cannot be recovered. The code lives in the
 * private parameters and the sealed metadata, never in public parameters or logs. Public
 * parameters say trigger 'true' (the SPA shows the code step) and the masked phone.
 */
export function createChallenge({ sms, sealKey }: CreateChallengeDeps) {
  return async (
    event: CreateAuthChallengeTriggerEvent,
  ): Promise<CreateAuthChallengeTriggerEvent> => {
    if (event.request.challengeName !== CUSTOM_CHALLENGE) return event;
    const phone = event.request.userAttributes.phone_number;
    if (!phone) throw new Error('The account has no phone number for the verification code');
    const key = await sealKey();
    const context = `${event.userPoolId}/${event.userName}`;
    const previous = event.request.session
      .filter((step) => step.challengeName === CUSTOM_CHALLENGE)
      .at(-1);
    let code = openCode(previous?.challengeMetadata, key, context);
    if (!code) {
      code = newOtpCode();
      await sms.send(phone, otpMessage(code));
    }
    event.response.publicChallengeParameters = { trigger: 'true', phone: maskPhone(phone) };
    event.response.privateChallengeParameters = { answer: code };
    event.response.challengeMetadata = sealCode(code, key, context);
    return event;
  };
}
