import * as z from 'zod';
import { parseIsoDate } from './format';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from './constants';

/** The validation texts of SPEC §5, word for word. */
export const VALIDATION_MESSAGES = {
  emailInvalid: 'Invalid email address',
  emailRequired: 'Email address is required.',
  passwordMin: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordRequired: 'Password is required.',
  passwordRule:
    'Password must include 1 special character, 1 lower case, 1 upper case and minimum 8 characters',
  otpLength: `Your code must be ${OTP_LENGTH} characters`,
  confirmCode: `Please enter a valid ${OTP_LENGTH}-digit code`,
} as const;

const escapeForClass = (chars: string) => chars.replace(/[\\\]^-]/g, '\\$&');
const SPECIALS = escapeForClass(PASSWORD_SPECIAL_CHARACTERS);

/** Lower case, upper case, digit and one of !@#$%^&*()_+; nothing but those, letters and digits. */
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[${SPECIALS}])[A-Za-z\\d${SPECIALS}]+$`,
);

const required = (message: string) => z.string({ error: message }).min(1, message);

export const emailSchema = required(VALIDATION_MESSAGES.emailRequired).pipe(
  z.email({ error: VALIDATION_MESSAGES.emailInvalid }),
);

export const passwordSchema = required(VALIDATION_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, VALIDATION_MESSAGES.passwordMin)
  .regex(PASSWORD_PATTERN, VALIDATION_MESSAGES.passwordRule);

/** The login OTP step: at least 4 characters; the input itself takes at most 4 digits. */
export const otpSchema = z
  .string({ error: VALIDATION_MESSAGES.otpLength })
  .min(OTP_LENGTH, VALIDATION_MESSAGES.otpLength)
  .max(OTP_LENGTH, VALIDATION_MESSAGES.otpLength)
  .regex(/^\d+$/, VALIDATION_MESSAGES.otpLength);

/** What the OTP input accepts while typing: digits only, at most 4. */
export const sanitizeOtpInput = (raw: string): string =>
  raw.replace(/\D/g, '').slice(0, OTP_LENGTH);

/** The login confirm code: exactly 4 digits. */
export const confirmCodeSchema = z
  .string({ error: VALIDATION_MESSAGES.confirmCode })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), VALIDATION_MESSAGES.confirmCode);

/** §5: an optional numeric form value becomes a number, or null if it is not numeric. */
export function toOptionalNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : null;
}

export const optionalNumber = z.unknown().transform(toOptionalNumber);

/**
 * zod schema for a 'YYYY-MM-DD' field (sheet payloads, query parameters). It lives here, not in
 * format.ts, so the SPA's formatting code does not pull zod into its first bundle.
 */
export const isoDateSchema = z
  .string()
  .refine((text) => parseIsoDate(text) !== undefined, 'must be a date YYYY-MM-DD');
