import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  confirmCodeSchema,
  confirmPasswordSchema,
  currentPasswordSchema,
  emailCodeSchema,
  emailSchema,
  normalisePhoneNumber,
  optionalNumber,
  otpSchema,
  passwordSchema,
  passwordsMatch,
  phoneNumberSchema,
  sanitizeEmailCode,
  sanitizeOtpInput,
  isoDateSchema,
} from './validation';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('§5 login e-mail', () => {
  it('requires a value, then a valid address', () => {
    expect(firstError(emailSchema.safeParse(''))).toBe('Email address is required.');
    expect(firstError(emailSchema.safeParse(undefined))).toBe('Email address is required.');
    expect(firstError(emailSchema.safeParse('user@'))).toBe('Invalid email address');
    expect(emailSchema.safeParse('user@example.com').success).toBe(true);
  });
});

describe('§5 password rule', () => {
  it('requires a value and at least 8 characters', () => {
    expect(firstError(passwordSchema.safeParse(''))).toBe('Password is required.');
    expect(firstError(passwordSchema.safeParse('Ab1!'))).toBe(
      'Password must be at least 8 characters',
    );
  });

  it.each([
    ['no lower case', 'ABCDEFG1!'],
    ['no upper case', 'abcdefg1!'],
    ['no digit', 'Abcdefgh!'],
    ['no special character', 'Abcdefgh1'],
    ['a character outside the allowed set', 'Abcdefg1!-'],
    ['a space', 'Abcd efg1!'],
  ])('rejects a password with %s', (_, password) => {
    expect(firstError(passwordSchema.safeParse(password))).toBe(
      'Password must include 1 special character, 1 lower case, 1 upper case and minimum 8 characters',
    );
  });

  it.each(['Abcdefg1!', 'Demo#User2025', 'aB3()_+aa', 'Zz9^^^^^'])('accepts %s', (password) => {
    expect(passwordSchema.safeParse(password).success).toBe(true);
  });
});

describe('§5 OTP and confirm code', () => {
  it('OTP: 4 characters, digits only', () => {
    expect(firstError(otpSchema.safeParse('123'))).toBe('Your code must be 4 characters');
    expect(otpSchema.safeParse('1234').success).toBe(true);
    expect(otpSchema.safeParse('12a4').success).toBe(false);
  });

  it('OTP input keeps digits only and at most 4 of them', () => {
    expect(sanitizeOtpInput('1a2b3c4d5')).toBe('1234');
    expect(sanitizeOtpInput('')).toBe('');
  });

  it('login confirm code: exactly 4 digits', () => {
    for (const bad of ['', '123', '12345', 'abcd', '12 4']) {
      expect(firstError(confirmCodeSchema.safeParse(bad))).toBe(
        'Please enter a valid 4-digit code',
      );
    }
    expect(confirmCodeSchema.safeParse('0042').success).toBe(true);
  });
});

describe('§5 optional numeric values', () => {
  it.each([
    ['12.5', 12.5],
    [' 7 ', 7],
    [3, 3],
    ['-0.25', -0.25],
    ['', null],
    ['abc', null],
    ['1e400', null],
    [Number.NaN, null],
    [undefined, null],
    [null, null],
  ])('%j becomes %j', (input, expected) => {
    expect(optionalNumber.parse(input)).toBe(expected);
  });
});

describe('§9 dates as YYYY-MM-DD in input', () => {
  it('offers a zod schema for date fields', () => {
    expect(isoDateSchema.safeParse('2025-01-02').success).toBe(true);
    expect(isoDateSchema.safeParse('2025-02-30').error?.issues[0]?.message).toBe(
      'must be a date YYYY-MM-DD',
    );
  });
});

describe('registration and profile rules (left open by §5)', () => {
  it('takes an E.164 phone number, ignoring the spaces, dashes and brackets people type', () => {
    expect(firstError(phoneNumberSchema.safeParse(' '))).toBe('Phone number is required.');
    expect(firstError(phoneNumberSchema.safeParse('5550109999'))).toBe(
      'Enter the phone number with its country code, digits only (e.g. +15551234567)',
    );
    expect(phoneNumberSchema.safeParse('+1 (555) 010-9999').success).toBe(true);
    expect(normalisePhoneNumber(' +1 (555) 010-9999 ')).toBe('+15550109999');
  });

  it('requires the confirmation and the current password', () => {
    expect(firstError(confirmPasswordSchema.safeParse(''))).toBe('Please confirm the password.');
    expect(firstError(currentPasswordSchema.safeParse(''))).toBe('Current password is required.');
  });

  it('reports a confirmation that differs on the confirmation, leaving an empty one alone', () => {
    const form = z
      .object({ password: z.string(), confirm: z.string() })
      .check(passwordsMatch('password', 'confirm'));
    const mismatch = form.safeParse({ password: 'Secret#2025', confirm: 'Secret#2026' });
    expect(mismatch.error?.issues).toEqual([
      expect.objectContaining({ message: 'Passwords must match', path: ['confirm'] }),
    ]);
    expect(form.safeParse({ password: 'Secret#2025', confirm: '' }).success).toBe(true);
    expect(form.safeParse({ password: 'Secret#2025', confirm: 'Secret#2025' }).success).toBe(true);
  });

  it('takes 6-digit e-mailed codes, digits only while typing', () => {
    expect(firstError(emailCodeSchema.safeParse('12345'))).toBe(
      'Please enter the 6-digit code from the e-mail',
    );
    expect(emailCodeSchema.safeParse('123456').success).toBe(true);
    expect(sanitizeEmailCode('12a-34 5678')).toBe('123456');
  });
});
