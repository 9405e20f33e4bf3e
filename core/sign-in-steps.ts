import {
  AUTHENTICATION_ERROR_TEXT,
  errorName,
  INVALID_CODE_TEXT,
  otpStepErrorText,
} from './auth-errors';
import { OTP_STEP } from './identity';
import { FORGET_PASSWORD_PATH, VERIFY_CODE_PATH } from './routes';

/**
 * What the login does with each answer of the identity service (SPEC §4 sign-in steps, §8): the
 * password step's answer, then the 4-digit code step's answer or error.
 */

/** A sign-in (or code confirmation) answer: its next step and the challenge's public parameters. */
export interface SignInAnswer {
  /** DONE, CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE, CONFIRM_SIGN_UP, RESET_PASSWORD, … */
  readonly step: string;
  readonly additionalInfo: Readonly<Record<string, string>>;
}

/** The custom challenge, the only one this product's app client asks (core/identity OTP_STEP). */
const CUSTOM_CHALLENGE_STEP = 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE';

/** The challenge parameter carrying the masked phone number the code was sent to. */
const PHONE_PARAMETER = 'phone';

export type SignInStepOutcome =
  | { readonly kind: 'done' }
  /** §4: the trigger says the code step has begun; `phone` is the masked number, if given. */
  | { readonly kind: 'otp'; readonly phone: string | undefined }
  | { readonly kind: 'verify-code'; readonly to: typeof VERIFY_CODE_PATH }
  | { readonly kind: 'reset-password'; readonly to: typeof FORGET_PASSWORD_PATH }
  /** §8: any other step is an authentication error. */
  | { readonly kind: 'error'; readonly message: string };

const authenticationError = { kind: 'error', message: AUTHENTICATION_ERROR_TEXT } as const;

/** §4: the password step's answer. */
export function signInStepOutcome(answer: SignInAnswer): SignInStepOutcome {
  switch (answer.step) {
    case 'DONE':
      return { kind: 'done' };
    case CUSTOM_CHALLENGE_STEP:
      return answer.additionalInfo[OTP_STEP.triggerParameter] === OTP_STEP.triggerValue
        ? { kind: 'otp', phone: answer.additionalInfo[PHONE_PARAMETER] }
        : authenticationError;
    case 'CONFIRM_SIGN_UP':
      return { kind: 'verify-code', to: VERIFY_CODE_PATH };
    case 'RESET_PASSWORD':
      return { kind: 'reset-password', to: FORGET_PASSWORD_PATH };
    default:
      return authenticationError;
  }
}

export type OtpStepOutcome =
  | { readonly kind: 'done' }
  /** A wrong code: the service asks again (up to its limit), the step stays. */
  | { readonly kind: 'retry'; readonly message: string }
  /** The service ended the sign-in (too many wrong codes, expired session): back to the password. */
  | { readonly kind: 'restart'; readonly message: string }
  /** Anything else: shown on the step, which stays. */
  | { readonly kind: 'error'; readonly message: string };

/** §4/§8: the code step's answer, or its error (the §4 time-out included). */
export function otpStepOutcome(
  settled: { readonly answer: SignInAnswer } | { readonly error: unknown },
): OtpStepOutcome {
  if ('error' in settled) {
    const message = otpStepErrorText(settled.error);
    return errorName(settled.error) === 'NotAuthorizedException'
      ? { kind: 'restart', message }
      : { kind: 'error', message };
  }
  switch (settled.answer.step) {
    case 'DONE':
      return { kind: 'done' };
    case CUSTOM_CHALLENGE_STEP:
      return { kind: 'retry', message: INVALID_CODE_TEXT };
    default:
      return authenticationError;
  }
}
