import * as z from 'zod';

/**
 * Rules of the registration and code screens that §5 leaves open ("Registration … form rules: not
 * shown"), as zod schemas beside core's e-mail and password ones (core/validation).
 */
export const PHONE_REQUIRED_TEXT = 'Phone number is required.';
export const PHONE_FORMAT_TEXT =
  'Enter the phone number with its country code, digits only (e.g. +15551234567)';
export const CONFIRM_REQUIRED_TEXT = 'Please confirm the password.';
export const CONFIRM_MISMATCH_TEXT = 'Passwords must match';

/** E.164, as the identity service stores phone_number. */
const E164 = /^\+[1-9]\d{6,14}$/;

/** The stored form: spaces, dashes and brackets people type are dropped. */
export const normalisePhoneNumber = (value: string) => value.trim().replace(/[\s()-]/g, '');

export const phoneNumberSchema = z
  .string()
  .refine((value) => value.trim() !== '', PHONE_REQUIRED_TEXT)
  .refine((value) => E164.test(normalisePhoneNumber(value)), PHONE_FORMAT_TEXT);

/** A password's confirmation field on its own: filled in (matching is the form's check). */
export const confirmPasswordSchema = z.string().min(1, CONFIRM_REQUIRED_TEXT);

/**
 * The form check that `confirmation` repeats `password`, reported on the confirmation; an empty
 * one is left to confirmPasswordSchema. Use: z.object({…}).check(passwordsMatch('a', 'b')).
 */
export const passwordsMatch = <K extends string>(password: K, confirmation: K) =>
  z.refine<Readonly<Record<K, string>>>(
    (values) => values[confirmation] === '' || values[confirmation] === values[password],
    { error: CONFIRM_MISMATCH_TEXT, path: [confirmation] },
  );

/**
 * The identity service's e-mailed codes (sign-up confirmation, password reset) have 6 digits;
 * the 4-digit code of §5 is the login's one-time code only.
 */
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TEXT = `Please enter the ${EMAIL_CODE_LENGTH}-digit code from the e-mail`;

export const emailCodeSchema = z
  .string()
  .regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), EMAIL_CODE_TEXT);

export const sanitizeEmailCode = (raw: string) =>
  raw.replace(/\D/g, '').slice(0, EMAIL_CODE_LENGTH);
