import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openCode, sealCode } from './code-seal';
import { maskPhone, newOtpCode, otpMatches } from './otp-code';

describe('one-time codes', () => {
  it('are 4 digits with leading zeros and spread over the whole range', () => {
    const codes = Array.from({ length: 2_000 }, newOtpCode);
    expect(codes.every((c) => /^\d{4}$/.test(c))).toBe(true);
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
  });

  it('match only as strings of exactly 4 digits', () => {
    expect(otpMatches('0042', '0042')).toBe(true);
    expect(otpMatches(42, '0042')).toBe(false);
    expect(otpMatches('0042', undefined)).toBe(false);
  });

  it('mask all but the last four digits of the phone', () => {
    expect(maskPhone('+15550001234')).toBe('+*******1234');
    expect(maskPhone('5550001234')).toBe('******1234');
    expect(maskPhone('+123')).toBe('+123');
    expect(maskPhone(undefined)).toBe('');
  });
});

describe('sealed codes in challengeMetadata', () => {
  const key = randomBytes(32);

  it('open with the same key and context, and do not show the code', () => {
    const sealed = sealCode('0421', key, 'pool/ann');
    expect(sealed).toMatch(/^CODE-/);
    expect(sealed).not.toContain('0421');
    expect(sealCode('0421', key, 'pool/ann')).not.toBe(sealed);
    expect(openCode(sealed, key, 'pool/ann')).toBe('0421');
  });

  it('do not open with another key, another user, or after tampering', () => {
    const sealed = sealCode('0421', key, 'pool/ann');
    expect(openCode(sealed, randomBytes(32), 'pool/ann')).toBeUndefined();
    expect(openCode(sealed, key, 'pool/bob')).toBeUndefined();
    const at = sealed.length - 2;
    const flipped = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(openCode(flipped, key, 'pool/ann')).toBeUndefined();
    expect(openCode('CODE-0421', key, 'pool/ann')).toBeUndefined();
    expect(openCode(undefined, key, 'pool/ann')).toBeUndefined();
  });
});
