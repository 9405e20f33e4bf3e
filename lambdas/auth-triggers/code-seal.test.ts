import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openCode, sealCode } from './code-seal';

describe('sealed codes in challengeMetadata', () => {
  const key = randomBytes(32);
  const sealed = sealCode('0421', key, 'pool/ann');
  /** The sealed bytes (iv, tag, ciphertext) with one byte changed. */
  const flipped = (at: number) => {
    const raw = Buffer.from(sealed.slice('CODE-'.length), 'base64url');
    raw[at] = (raw[at] ?? 0) ^ 1;
    return `CODE-${raw.toString('base64url')}`;
  };

  it('open with the same key and context, and do not show the code', () => {
    expect(sealed).toMatch(/^CODE-[\w-]+$/);
    expect(sealed).not.toContain('0421');
    expect(sealCode('0421', key, 'pool/ann')).not.toBe(sealed); // a fresh IV each time
    expect(openCode(sealed, key, 'pool/ann')).toBe('0421');
  });

  it('do not open in another user’s context, even under the same key', () => {
    expect(openCode(sealed, key, 'pool/bob')).toBeUndefined();
    expect(openCode(sealed, key, 'other-pool/ann')).toBeUndefined();
  });

  it('do not open with another key', () => {
    expect(openCode(sealed, randomBytes(32), 'pool/ann')).toBeUndefined();
  });

  it('do not open once tampered with: IV, tag or ciphertext', () => {
    for (const at of [0, 12, 28]) expect(openCode(flipped(at), key, 'pool/ann')).toBeUndefined();
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['foreign', 'SENT'],
    ['the marker alone', 'CODE-'],
    ['too short for IV and tag', `CODE-${Buffer.alloc(28).toString('base64url')}`],
    ['the code in clear', 'CODE-0421'],
    ['not base64url', 'CODE-@@@@'],
  ])('do not open when %s', (_, metadata) => {
    expect(openCode(metadata, key, 'pool/ann')).toBeUndefined();
  });
});
