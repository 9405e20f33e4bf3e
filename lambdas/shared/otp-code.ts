import { randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../core/constants';
import { USER_POOL_SETTINGS } from '../../core/identity';
import { confirmCodeSchema } from '../../core/validation';

/**
 * A code lives as long as the sign-in session it was first sent in (the app client's auth
 * session): a retry after a wrong answer opens a fresh session but does not lengthen the code's
 * life, so the SMS can say exactly when it expires.
 */
export const OTP_LIFETIME_MINUTES = USER_POOL_SETTINGS.tokenValidity.authSessionMinutes;
export const OTP_LIFETIME_MS = OTP_LIFETIME_MINUTES * 60_000;

/** Exactly the 4 digits core's confirm-code rule accepts. */
const isCode = (value: unknown): value is string => confirmCodeSchema.safeParse(value).success;

/** A uniformly random 4-digit code (leading zeros kept). */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** Compares an answer with the code in constant time; only exactly 4 digits can match. */
export function otpMatches(answer: unknown, code: unknown): boolean {
  if (!isCode(answer) || !isCode(code)) return false;
  return timingSafeEqual(Buffer.from(answer), Buffer.from(code));
}

/** '+15551234567' → '+*******4567': enough to recognise the phone, not to read it. */
export function maskPhone(phone: string | undefined): string {
  if (!phone) return '';
  const plus = phone.startsWith('+') ? '+' : '';
  const digits = phone.slice(plus.length);
  const visible = digits.slice(-4);
  return `${plus}${'*'.repeat(digits.length - visible.length)}${visible}`;
}

/** The SMS text, naming the code's lifetime from when it is sent. */
export const otpMessage = (code: string) =>
  `Your StockScope verification code is ${code}. It expires in ${OTP_LIFETIME_MINUTES} minutes.`;
