import { DEFAULT_CACHE_LIFETIME_MS } from './constants';

/**
 * Values cached with an expiry (SPEC §4, §9): stored as JSON `{ value, expiresAt }`, removed on
 * read once expired. The store is anything shaped like localStorage, so the rule runs in Node
 * tests too.
 */

/** The part of the Web Storage API the cache needs. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface CacheEntry<T> {
  readonly value: T;
  /** Epoch milliseconds from which the value is expired. */
  readonly expiresAt: number;
}

export function createEntry<T>(
  value: T,
  now: number,
  lifetimeMs: number = DEFAULT_CACHE_LIFETIME_MS,
): CacheEntry<T> {
  return { value, expiresAt: now + lifetimeMs };
}

export const isExpired = (entry: CacheEntry<unknown>, now: number): boolean =>
  now >= entry.expiresAt;

function isEntry(data: unknown): data is CacheEntry<unknown> {
  if (typeof data !== 'object' || data === null || !('value' in data)) return false;
  const { expiresAt } = data as { expiresAt?: unknown };
  return typeof expiresAt === 'number' && Number.isFinite(expiresAt);
}

// Storage can throw (disabled cookies, Safari private mode, quota); a cache failure must never
// break the page, so it reads as a miss and a failed write reports false.
function tryRemove(storage: KeyValueStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing left to do: the next read will try again.
  }
}

/**
 * The cached value, or undefined when missing, expired or unreadable. Expired and malformed entries
 * are removed. `parse` (e.g. a zod schema's parse) checks the value's shape; if it throws, the
 * entry counts as malformed: data written by an older release must not crash a newer one.
 */
export function readEntry<T>(
  storage: KeyValueStorage,
  key: string,
  now: number,
  parse?: (value: unknown) => T,
): T | undefined {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    data = undefined;
  }
  if (!isEntry(data)) {
    tryRemove(storage, key);
    return undefined;
  }
  if (isExpired(data, now)) {
    tryRemove(storage, key);
    return undefined;
  }
  if (!parse) return data.value as T;
  try {
    return parse(data.value);
  } catch {
    tryRemove(storage, key);
    return undefined;
  }
}

/** Stores the value until now + lifetime; false when the storage refused it (e.g. quota). */
export function writeEntry<T>(
  storage: KeyValueStorage,
  key: string,
  value: T,
  now: number,
  lifetimeMs: number = DEFAULT_CACHE_LIFETIME_MS,
): boolean {
  try {
    storage.setItem(key, JSON.stringify(createEntry(value, now, lifetimeMs)));
    return true;
  } catch {
    return false;
  }
}
