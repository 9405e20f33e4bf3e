import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { OTP_STEP } from '../../core/identity';
import type { SmsSender } from '../ports/sms-sender';
import { openCode, sealCode } from './code-seal';
import { CUSTOM_CHALLENGE } from './define-auth-challenge';
import { maskPhone, newOtpCode, OTP_LIFETIME_MS, otpMessage } from './otp-code';

export interface CreateChallengeDeps {
  readonly sms: SmsSender;
  /** 32-byte key sealing the code into challengeMetadata (a secret in AWS). */
  readonly sealKey: () => Promise<Buffer>;
  readonly now?: () => number;
}

/** A code as sent: the digits and when they stop counting (epoch ms). */
interface SentCode {
  readonly code: string;
  readonly expiresAt: number;
}

const pack = ({ code, expiresAt }: SentCode) => `${code}@${expiresAt}`;
function unpack(opened: string | undefined): SentCode | undefined {
  const match = /^(\d+)@(\d+)$/.exec(opened ?? '');
  return match ? { code: match[1]!, expiresAt: Number(match[2]) } : undefined;
}

/**
 * The 4-digit code step. The first challenge of a session texts a fresh code; a retry after a
 * wrong answer re-uses it (the user still has that SMS) while it lives, recovered from the previous
 * step's sealed challengeMetadata — a new code and SMS only if it cannot be recovered or has
 * expired. The code lives in the private parameters (with its expiry, which the verify trigger
 * checks) and the sealed metadata, never in public parameters or logs. Public parameters say the
 * code step has begun (core's OTP_STEP: the SPA shows it) and the masked phone.
 */
export function createChallenge({ sms, sealKey, now = Date.now }: CreateChallengeDeps) {
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
    let sent = unpack(openCode(previous?.challengeMetadata, key, context));
    if (!sent || sent.expiresAt < now()) {
      sent = { code: newOtpCode(), expiresAt: now() + OTP_LIFETIME_MS };
      await sms.send(phone, otpMessage(sent.code));
    }
    event.response.publicChallengeParameters = {
      [OTP_STEP.triggerParameter]: OTP_STEP.triggerValue,
      phone: maskPhone(phone),
    };
    event.response.privateChallengeParameters = {
      answer: sent.code,
      expiresAt: String(sent.expiresAt),
    };
    event.response.challengeMetadata = sealCode(pack(sent), key, context);
    return event;
  };
}
