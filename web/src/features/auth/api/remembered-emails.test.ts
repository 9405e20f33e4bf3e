import { describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_LIFETIME_MS } from '../../../../../core/constants';
import {
  forgetEmail,
  isRemembered,
  otpWanted,
  rememberEmail,
  rememberedEmails,
  REMEMBERED_EMAILS_KEY,
} from './remembered-emails';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('remembered e-mails (SPEC §3, §4)', () => {
  it('asks for the code (otp true) until the e-mail is remembered, case-insensitively', () => {
    const storage = memoryStorage();
    expect(otpWanted('Ada@Example.com', storage, 0)).toBe(true);
    rememberEmail('Ada@Example.com', storage, 0);
    expect(isRemembered('ada@example.com', storage, 1)).toBe(true);
    expect(otpWanted(' ADA@example.com ', storage, 1)).toBe(false);
    expect(otpWanted('bob@example.com', storage, 1)).toBe(true);
  });

  it('keeps a list without duplicates and forgets one e-mail', () => {
    const storage = memoryStorage();
    rememberEmail('a@x.com', storage, 0);
    rememberEmail('b@x.com', storage, 0);
    rememberEmail('A@x.com', storage, 0);
    expect(rememberedEmails(storage, 1)).toEqual(['b@x.com', 'a@x.com']);
    forgetEmail('b@x.com', storage, 1);
    expect(rememberedEmails(storage, 2)).toEqual(['a@x.com']);
  });

  it('expires after the default cache lifetime and is removed on read', () => {
    const storage = memoryStorage();
    rememberEmail('a@x.com', storage, 1_000);
    expect(isRemembered('a@x.com', storage, 1_000 + DEFAULT_CACHE_LIFETIME_MS - 1)).toBe(true);
    expect(isRemembered('a@x.com', storage, 1_000 + DEFAULT_CACHE_LIFETIME_MS)).toBe(false);
    expect(storage.map.has(REMEMBERED_EMAILS_KEY)).toBe(false);
  });

  it('treats a malformed entry as empty and removes it', () => {
    const storage = memoryStorage();
    storage.setItem(REMEMBERED_EMAILS_KEY, JSON.stringify({ value: 'a@x.com', expiresAt: 9e15 }));
    expect(rememberedEmails(storage, 0)).toEqual([]);
    expect(storage.map.size).toBe(0);
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    };
    expect(() => rememberEmail('a@x.com', broken, 0)).not.toThrow();
    expect(otpWanted('a@x.com', broken, 0)).toBe(true);
  });
});
