import { describe, expect, it } from 'vitest';
import { maskPhone, newOtpCode, otpMatches, otpMessage } from './otp-code';

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

  it('are texted with their lifetime: the 3-minute sign-in session they are first sent in', () => {
    expect(otpMessage('0421')).toBe(
      'Your StockScope verification code is 0421. It expires in 3 minutes.',
    );
  });

  it('mask all but the last four digits of the phone', () => {
    expect(maskPhone('+15550001234')).toBe('+*******1234');
    expect(maskPhone('5550001234')).toBe('******1234');
    expect(maskPhone('+123')).toBe('+123');
    expect(maskPhone(undefined)).toBe('');
  });
});
