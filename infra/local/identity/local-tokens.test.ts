import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from 'cognito-local/lib/services/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolIdOf, signedClaims, verifiedToken } from './local-tokens';
import { installSigningKey, signJwt, type SigningKey } from './signing-key';

let dir: string;
let key: SigningKey;
let other: SigningKey;
const tokenWith = (claims: Record<string, unknown>) => signJwt(key, claims);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-tokens-'));
  key = await installSigningKey(join(dir, 'a'));
  other = await installSigningKey(join(dir, 'b'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const clockAt = (ms: number): Clock => ({ get: () => new Date(ms) });
const T = Date.UTC(2026, 0, 2);
const exp = T / 1000 + 60;

describe('local tokens', () => {
  it('verifies an access token of this service by the service’s clock', () => {
    const token = tokenWith({ token_use: 'access', exp, iss: 'http://local/pool_1' });
    expect(verifiedToken(key, token, 'access', clockAt(T)).exp).toBe(exp);
    expect(() => verifiedToken(key, token, 'access', clockAt(exp * 1000 + 1))).toThrow(
      'Access Token has expired',
    );
    expect(poolIdOf(signedClaims(key, token)!)).toBe('pool_1');
  });

  it('refuses a token of another kind, a forged one and garbage, with Cognito’s messages', () => {
    const access = tokenWith({ token_use: 'access', exp });
    const refresh = tokenWith({ exp });
    expect(verifiedToken(key, refresh, 'refresh', clockAt(T)).exp).toBe(exp);
    expect(() => verifiedToken(key, access, 'refresh', clockAt(T))).toThrow(
      'Invalid Refresh Token',
    );
    expect(() => verifiedToken(key, refresh, 'access', clockAt(T))).toThrow('Invalid Access Token');
    const [header, payload] = access.split('.');
    expect(() => verifiedToken(key, `${header}.${payload}.forged`, 'access', clockAt(T))).toThrow(
      'Invalid Access Token',
    );
    for (const junk of [undefined, 42, '', 'a.b']) {
      expect(() => verifiedToken(key, junk, 'access', clockAt(T))).toThrow('Invalid Access Token');
    }
  });

  it('refuses a token signed with another installation’s key', () => {
    const token = signJwt(other, { token_use: 'access', exp });
    expect(signedClaims(key, token)).toBeUndefined();
    expect(() => verifiedToken(key, token, 'access', clockAt(T))).toThrow('Invalid Access Token');
  });
});
