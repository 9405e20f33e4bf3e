import { readEntry, writeEntry, type KeyValueStorage } from '../../../../../core/cache-entry';
import { localStore } from '../../../lib/browser-storage';

/**
 * The e-mails remembered on this device (SPEC §3, §4): after a verified login with Remember me,
 * the next login of that e-mail skips the one-time code. Kept in localStorage with the default
 * cache lifetime; an expired list is removed on read (core/cache-entry).
 */
export const REMEMBERED_EMAILS_KEY = 'stockscope.rememberedEmails';

const normalise = (email: string) => email.trim().toLowerCase();

const parseList = (value: unknown): string[] => {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new Error('not a list of e-mails');
  }
  return value;
};

export function rememberedEmails(
  storage: KeyValueStorage | undefined = localStore(),
  now = Date.now(),
): readonly string[] {
  if (!storage) return [];
  return readEntry(storage, REMEMBERED_EMAILS_KEY, now, parseList) ?? [];
}

export function isRemembered(
  email: string,
  storage: KeyValueStorage | undefined = localStore(),
  now = Date.now(),
) {
  return rememberedEmails(storage, now).includes(normalise(email));
}

/** Adds the e-mail; writing restarts the list's lifetime. */
export function rememberEmail(
  email: string,
  storage: KeyValueStorage | undefined = localStore(),
  now = Date.now(),
): void {
  if (!storage) return;
  const list = rememberedEmails(storage, now).filter((item) => item !== normalise(email));
  writeEntry(storage, REMEMBERED_EMAILS_KEY, [...list, normalise(email)], now);
}

/** A login without Remember me stops trusting this device for the e-mail. */
export function forgetEmail(
  email: string,
  storage: KeyValueStorage | undefined = localStore(),
  now = Date.now(),
): void {
  if (!storage) return;
  const list = rememberedEmails(storage, now);
  if (!list.includes(normalise(email))) return;
  writeEntry(
    storage,
    REMEMBERED_EMAILS_KEY,
    list.filter((item) => item !== normalise(email)),
    now,
  );
}

/** §4: the login call's flag is the negation of "the e-mail is in the remembered list". */
export const otpWanted = (
  email: string,
  storage: KeyValueStorage | undefined = localStore(),
  now = Date.now(),
) => !isRemembered(email, storage, now);
