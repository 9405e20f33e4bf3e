import { randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../core/constants';

const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** A uniformly random 4-digit code (leading zeros kept). */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** Compares an answer with the code in constant time; only exactly 4 digits can match. */
export function otpMatches(answer: unknown, code: unknown): boolean {
  if (typeof answer !== 'string' || typeof code !== 'string') return false;
  if (!OTP_PATTERN.test(answer) || !OTP_PATTERN.test(code)) return false;
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

/** The SMS text; it names the code's lifetime, which is Cognito's 3-minute challenge session. */
export const otpMessage = (code: string) =>
  `Your StockScope verification code is ${code}. It expires in 3 minutes.`;
