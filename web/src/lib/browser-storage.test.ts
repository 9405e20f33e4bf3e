import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore, readItem, removeItem, sessionStore, writeItem } from './browser-storage';

const refusing = {
  getItem: () => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new Error('quota');
  },
  removeItem: () => {
    throw new Error('denied');
  },
} as unknown as Storage;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('browser storage', () => {
  it('reads, writes and removes through the real stores', () => {
    expect(writeItem(localStore(), 'k', 'v')).toBe(true);
    expect(readItem(localStore(), 'k')).toBe('v');
    removeItem(localStore(), 'k');
    expect(readItem(localStore(), 'k')).toBeUndefined();
    expect(sessionStore()).toBe(window.sessionStorage);
  });

  it('never throws when storage refuses', () => {
    expect(writeItem(refusing, 'k', 'v')).toBe(false);
    expect(readItem(refusing, 'k')).toBeUndefined();
    expect(() => removeItem(refusing, 'k')).not.toThrow();
    expect(writeItem(undefined, 'k', 'v')).toBe(false);
  });

  it('gives no store where reaching it throws (blocked storage)', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(localStore()).toBeUndefined();
    vi.restoreAllMocks();
  });
});
