import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { OTP_STEP } from '../../core/identity';
import { codeStepLockedText, SIGN_IN_LIMITS, tooManyCodesText } from '../../core/sign-in-limits';
import type { SmsSender } from '../ports/sms-sender';
import { openCode, sealCode } from './code-seal';
import { CUSTOM_CHALLENGE } from './define-auth-challenge';
import { maskPhone, newOtpCode, OTP_LIFETIME_MS, otpMessage } from '../shared/otp-code';
import { codeSendWindows, wrongCodesOfUser } from '../shared/sign-in-windows';
import { subOf, type SignInStores } from './sign-in-stores';

export interface CreateChallengeDeps {
  readonly sms: SmsSender;
  /** 32-byte key sealing the code into challengeMetadata (a secret in AWS). */
  readonly sealKey: () => Promise<Buffer>;
  readonly stores: Pick<SignInStores, 'users' | 'attempts'>;
  readonly now?: () => number;
}

/** A code as sent: the digits, when they stop counting (epoch ms), and the number it went to. */
interface SentCode {
  readonly code: string;
  readonly expiresAt: number;
  readonly phone: string;
}

const pack = ({ code, expiresAt, phone }: SentCode) => `${code}@${expiresAt}@${phone}`;
function unpack(opened: string | undefined): SentCode | undefined {
  const match = /^(\d+)@(\d+)@(\+\d+)$/.exec(opened ?? '');
  return match ? { code: match[1]!, expiresAt: Number(match[2]), phone: match[3]! } : undefined;
}

/** A refusal the sign-in shows as it is (Cognito wraps a trigger's error message for the client). */
export class SignInLimitError extends Error {
  override readonly name = 'SignInLimitError';
}

/**
 * The 4-digit code step. The code goes to the user's verified number on the record (the sign-up's
 * number until the first correct code), never to a number merely written into the identity
 * service's attributes since; accounts without a record use the directory's number. The first
 * challenge of a session texts a fresh code, within the send caps (per user, and per number when
 * the account has verified it, else per account and number: core's codeSendBudgets) and
 * not while wrong codes have locked the step; a retry after a wrong answer re-uses it (the user
 * still has that SMS) while it lives, recovered from the previous step's sealed challengeMetadata.
 * The code lives in the private parameters (with its expiry and number, which the verify trigger
 * uses) and the sealed metadata, never in public parameters or logs. Public parameters say the
 * code step has begun (core's OTP_STEP: the SPA shows it) and the masked phone.
 */
export function createChallenge({ sms, sealKey, stores, now = Date.now }: CreateChallengeDeps) {
  return async (
    event: CreateAuthChallengeTriggerEvent,
  ): Promise<CreateAuthChallengeTriggerEvent> => {
    if (event.request.challengeName !== CUSTOM_CHALLENGE) return event;
    const sub = subOf(event.request.userAttributes);
    const key = await sealKey();
    const context = `${event.userPoolId}/${event.userName}`;
    const previous = event.request.session
      .filter((step) => step.challengeName === CUSTOM_CHALLENGE)
      .at(-1);
    let sent = unpack(openCode(previous?.challengeMetadata, key, context));
    if (!sent || sent.expiresAt < now()) {
      const at = now();
      const locked = await stores.attempts.check(
        wrongCodesOfUser(sub),
        SIGN_IN_LIMITS.wrongCodes,
        at,
      );
      if (!locked.allowed) throw new SignInLimitError(codeStepLockedText(locked.retryAfterMs));
      const record = await stores.users.get(sub);
      const attributes = event.request.userAttributes;
      const phone = record?.phoneNumber ?? attributes.phone_number;
      if (!phone) throw new Error('The account has no phone number for the verification code');
      const verified = record
        ? record.phoneVerified === true && record.phoneNumber === phone
        : attributes.phone_number_verified === 'true';
      for (const window of codeSendWindows(sub, phone, verified)) {
        const verdict = await stores.attempts.take(window, SIGN_IN_LIMITS.codeSends, at);
        if (!verdict.allowed) throw new SignInLimitError(tooManyCodesText(verdict.retryAfterMs));
      }
      sent = { code: newOtpCode(), expiresAt: at + OTP_LIFETIME_MS, phone };
      await sms.send(phone, otpMessage(sent.code));
    }
    event.response.publicChallengeParameters = {
      [OTP_STEP.triggerParameter]: OTP_STEP.triggerValue,
      phone: maskPhone(sent.phone),
    };
    event.response.privateChallengeParameters = {
      answer: sent.code,
      expiresAt: String(sent.expiresAt),
      phone: sent.phone,
    };
    event.response.challengeMetadata = sealCode(pack(sent), key, context);
    return event;
  };
}
