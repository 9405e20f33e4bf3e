import { randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../core/constants';

/** A uniformly random 4-digit code (leading zeros kept). */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** Compares an answer with the code in constant time; only exactly 4 digits can match. */
export function otpMatches(answer: unknown, code: unknown): boolean {
  if (typeof answer !== 'string' || typeof code !== 'string') return false;
  if (!/^\d{4}$/.test(answer) || !/^\d{4}$/.test(code)) return false;
  return timingSafeEqual(Buffer.from(answer), Buffer.from(code));
}

/** '+15551234567' → '+*******4567': enough to recognise the phone, not to read it. */
export function maskPhone(phone: string | undefined): string {
  if (!phone) return '';
  const visible = phone.slice(-4);
  return `${phone.startsWith('+') ? '+' : ''}${'*'.repeat(Math.max(0, phone.length - 4 - (phone.startsWith('+') ? 1 : 0)))}${visible}`;
}
