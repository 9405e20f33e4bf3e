import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createEntry, isExpired, readEntry, writeEntry, type KeyValueStorage } from './cache-entry';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial));
  const storage: KeyValueStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
  return { storage, items };
};

const NOW = Date.UTC(2025, 0, 2);
const DAY = 86_400_000;

describe('§9 cache entries', () => {
  it('expire after the default lifetime of 30 days (2,592,000,000 ms)', () => {
    expect(createEntry('x', NOW)).toEqual({ value: 'x', expiresAt: NOW + 2_592_000_000 });
    expect(createEntry('x', NOW, 1000)).toEqual({ value: 'x', expiresAt: NOW + 1000 });
  });

  it('are expired from expiresAt on', () => {
    const entry = createEntry(1, NOW, 1000);
    expect(isExpired(entry, NOW + 999)).toBe(false);
    expect(isExpired(entry, NOW + 1000)).toBe(true);
  });
});

describe('§4 cached values are removed on read when expired', () => {
  it('round-trips a value until it expires', () => {
    const { storage } = memoryStorage();
    expect(writeEntry(storage, 'k', { emails: ['a@b.c'] }, NOW, DAY)).toBe(true);
    expect(readEntry(storage, 'k', NOW + DAY - 1)).toEqual({ emails: ['a@b.c'] });
  });

  it('removes an expired entry and reports a miss', () => {
    const { storage, items } = memoryStorage();
    writeEntry(storage, 'k', 'v', NOW, DAY);
    expect(readEntry(storage, 'k', NOW + DAY)).toBeUndefined();
    expect(items.has('k')).toBe(false);
  });

  it('uses the 30-day default lifetime', () => {
    const { storage } = memoryStorage();
    writeEntry(storage, 'k', 'v', NOW);
    expect(readEntry(storage, 'k', NOW + 29 * DAY)).toBe('v');
    expect(readEntry(storage, 'k', NOW + 30 * DAY)).toBeUndefined();
  });

  it('reports a missing key as a miss', () => {
    expect(readEntry(memoryStorage().storage, 'none', NOW)).toBeUndefined();
  });

  it.each([
    ['not JSON', '{oops'],
    ['JSON without an expiry', '{"value":1}'],
    ['a non-numeric expiry', '{"value":1,"expiresAt":"tomorrow"}'],
    ['no value', `{"expiresAt":${NOW + DAY}}`],
    ['a bare value', '"v"'],
    ['null', 'null'],
  ])('removes %s and treats it as missing', (_, raw) => {
    const { storage, items } = memoryStorage({ k: raw });
    expect(readEntry(storage, 'k', NOW)).toBeUndefined();
    expect(items.has('k')).toBe(false);
  });

  it('checks the value with a parser and drops a value of the wrong shape', () => {
    const { storage, items } = memoryStorage();
    const parse = z.array(z.string()).parse;
    writeEntry(storage, 'ok', ['a'], NOW);
    writeEntry(storage, 'bad', [1], NOW);
    expect(readEntry(storage, 'ok', NOW, parse)).toEqual(['a']);
    expect(readEntry(storage, 'bad', NOW, parse)).toBeUndefined();
    expect(items.has('bad')).toBe(false);
  });

  it('survives a storage that throws', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(writeEntry(broken, 'k', 'v', NOW)).toBe(false);
    expect(readEntry(broken, 'k', NOW)).toBeUndefined();
    const { storage } = memoryStorage({ k: '{oops' });
    expect(readEntry({ ...storage, removeItem: broken.removeItem }, 'k', NOW)).toBeUndefined();
  });
});
