import * as z from 'zod';
import { parseIsoDate } from './format';
import {
  EMAIL_CODE_LENGTH,
  OTP_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
} from './constants';

/**
 * The validation texts of SPEC §5, word for word; then the registration, code and profile texts
 * §5 leaves open ("Registration, profile … form rules: not shown").
 */
export const VALIDATION_MESSAGES = {
  emailInvalid: 'Invalid email address',
  emailRequired: 'Email address is required.',
  passwordMin: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordRequired: 'Password is required.',
  passwordRule:
    'Password must include 1 special character, 1 lower case, 1 upper case and minimum 8 characters',
  otpLength: `Your code must be ${OTP_LENGTH} characters`,
  confirmCode: `Please enter a valid ${OTP_LENGTH}-digit code`,
  phoneRequired: 'Phone number is required.',
  phoneFormat: 'Enter the phone number with its country code, digits only (e.g. +15551234567)',
  confirmRequired: 'Please confirm the password.',
  confirmMismatch: 'Passwords must match',
  emailCode: `Please enter the ${EMAIL_CODE_LENGTH}-digit code from the e-mail`,
  currentPasswordRequired: 'Current password is required.',
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

/** E.164, as the identity service stores phone_number. */
const E164 = /^\+[1-9]\d{6,14}$/;

/** The stored form of a phone number: spaces, dashes and brackets people type are dropped. */
export const normalisePhoneNumber = (value: string): string => value.trim().replace(/[\s()-]/g, '');

export const phoneNumberSchema = z
  .string()
  .refine((value) => value.trim() !== '', VALIDATION_MESSAGES.phoneRequired)
  .refine((value) => E164.test(normalisePhoneNumber(value)), VALIDATION_MESSAGES.phoneFormat);

/** A password's confirmation field on its own: filled in (matching is the form's check). */
export const confirmPasswordSchema = z.string().min(1, VALIDATION_MESSAGES.confirmRequired);

/** The profile's current password: only required (the service checks it). */
export const currentPasswordSchema = z.string().min(1, VALIDATION_MESSAGES.currentPasswordRequired);

/**
 * The form check that `confirmation` repeats `password`, reported on the confirmation; an empty
 * one is left to confirmPasswordSchema. Use: z.object({…}).check(passwordsMatch('a', 'b')).
 */
export const passwordsMatch = <K extends string>(password: K, confirmation: K) =>
  z.refine<Readonly<Record<K, string>>>(
    (values) => values[confirmation] === '' || values[confirmation] === values[password],
    { error: VALIDATION_MESSAGES.confirmMismatch, path: [confirmation] },
  );

/** An e-mailed code (sign-up confirmation, password reset): exactly 6 digits. */
export const emailCodeSchema = z
  .string()
  .regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), VALIDATION_MESSAGES.emailCode);

/** What an e-mailed-code input accepts while typing: digits only, at most 6. */
export const sanitizeEmailCode = (raw: string): string =>
  raw.replace(/\D/g, '').slice(0, EMAIL_CODE_LENGTH);

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
