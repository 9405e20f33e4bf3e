import { describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_LIFETIME_MS } from '@core/constants';
import { formatDeviceProof, newDeviceProof } from '@core/device-proof';
import {
  deviceProofFor,
  forgetDevice,
  rememberDevice,
  REMEMBERED_DEVICES_KEY,
} from './remembered-devices';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const proof = () => formatDeviceProof(newDeviceProof());

describe('remembered devices (SPEC §3, §4 remembered e-mail, as server-checked proofs)', () => {
  it('keeps one proof per e-mail, without case', () => {
    const storage = memoryStorage();
    const ada = proof();
    expect(deviceProofFor('Ada@Example.com', storage, 0)).toBeUndefined();
    rememberDevice('Ada@Example.com', ada, storage, 0);
    expect(deviceProofFor(' ada@example.com ', storage, 1)).toBe(ada);
    expect(deviceProofFor('bob@example.com', storage, 1)).toBeUndefined();
    const newer = proof();
    rememberDevice('ADA@example.com', newer, storage, 2);
    expect(deviceProofFor('ada@example.com', storage, 3)).toBe(newer);
  });

  it('forgets an e-mail, and everything after the default cache lifetime', () => {
    const storage = memoryStorage();
    rememberDevice('a@x.com', proof(), storage, 0);
    rememberDevice('b@x.com', proof(), storage, 0);
    forgetDevice('A@x.com', storage, 1);
    expect(deviceProofFor('a@x.com', storage, 1)).toBeUndefined();
    expect(deviceProofFor('b@x.com', storage, 1)).toBeDefined();
    expect(deviceProofFor('b@x.com', storage, DEFAULT_CACHE_LIFETIME_MS + 1)).toBeUndefined();
    expect(storage.map.has(REMEMBERED_DEVICES_KEY)).toBe(false);
  });

  it('drops the old list of bare e-mails, which proves nothing, and malformed entries', () => {
    const storage = memoryStorage();
    storage.setItem(
      'stockscope.rememberedEmails',
      JSON.stringify({ value: ['a@x.com'], expiresAt: 9e15 }),
    );
    storage.setItem(
      REMEMBERED_DEVICES_KEY,
      JSON.stringify({ value: { 'a@x.com': 'true' }, expiresAt: 9e15 }),
    );
    expect(deviceProofFor('a@x.com', storage, 0)).toBeUndefined();
    expect(storage.map.has('stockscope.rememberedEmails')).toBe(false);
  });
});
