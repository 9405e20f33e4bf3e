/**
 * Rules of the registration and code screens that §5 leaves open ("Registration … form rules: not
 * shown"). The e-mail and password rules are core's (core/validation).
 */
export const PHONE_REQUIRED_TEXT = 'Phone number is required.';
export const PHONE_FORMAT_TEXT =
  'Enter the phone number with its country code, digits only (e.g. +15551234567)';
export const CONFIRM_REQUIRED_TEXT = 'Please confirm the password.';
export const CONFIRM_MISMATCH_TEXT = 'Passwords must match';

/** E.164, as the identity service stores phone_number. */
const E164 = /^\+[1-9]\d{6,14}$/;

export function phoneNumberError(value: string): string | undefined {
  const clean = value.trim();
  if (clean === '') return PHONE_REQUIRED_TEXT;
  return E164.test(clean.replace(/[\s()-]/g, '')) ? undefined : PHONE_FORMAT_TEXT;
}

/** The stored form: spaces, dashes and brackets people type are dropped. */
export const normalisePhoneNumber = (value: string) => value.trim().replace(/[\s()-]/g, '');

export function confirmPasswordError(confirm: string, password: string): string | undefined {
  if (confirm === '') return CONFIRM_REQUIRED_TEXT;
  return confirm === password ? undefined : CONFIRM_MISMATCH_TEXT;
}

/**
 * The identity service's e-mailed codes (sign-up confirmation, password reset) have 6 digits;
 * the 4-digit code of §5 is the login's one-time code only.
 */
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TEXT = `Please enter the ${EMAIL_CODE_LENGTH}-digit code from the e-mail`;

export function emailCodeError(value: string): string | undefined {
  return new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`).test(value) ? undefined : EMAIL_CODE_TEXT;
}

export const sanitizeEmailCode = (raw: string) =>
  raw.replace(/\D/g, '').slice(0, EMAIL_CODE_LENGTH);
