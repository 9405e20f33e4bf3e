import { createPrivateKey, sign } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Clock } from 'cognito-local/lib/services/clock';
import { beforeAll, describe, expect, it } from 'vitest';
import { poolIdOf, signedClaims, verifiedToken } from './local-tokens';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
let tokenWith: (claims: object) => string;

beforeAll(async () => {
  // The identity service's own key (cognito-local's), as its tokens are signed.
  const file = createRequire(import.meta.url).resolve(
    'cognito-local/lib/keys/cognitoLocal.private.json',
  );
  const key = createPrivateKey((JSON.parse(await readFile(file, 'utf8')) as { pem: string }).pem);
  tokenWith = (claims) => {
    const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}`;
    return `${unsigned}.${sign('sha256', Buffer.from(unsigned), key).toString('base64url')}`;
  };
});

const clockAt = (ms: number): Clock => ({ get: () => new Date(ms) });
const T = Date.UTC(2026, 0, 2);
const exp = T / 1000 + 60;

describe('local tokens', () => {
  it('verifies an access token of this service by the service’s clock', () => {
    const token = tokenWith({ token_use: 'access', exp, iss: 'http://local/pool_1' });
    expect(verifiedToken(token, 'access', clockAt(T)).exp).toBe(exp);
    expect(() => verifiedToken(token, 'access', clockAt(exp * 1000 + 1))).toThrow(
      'Access Token has expired',
    );
    expect(poolIdOf(signedClaims(token)!)).toBe('pool_1');
  });

  it('refuses a token of another kind, a forged one and garbage, with Cognito’s messages', () => {
    const access = tokenWith({ token_use: 'access', exp });
    const refresh = tokenWith({ exp });
    expect(verifiedToken(refresh, 'refresh', clockAt(T)).exp).toBe(exp);
    expect(() => verifiedToken(access, 'refresh', clockAt(T))).toThrow('Invalid Refresh Token');
    expect(() => verifiedToken(refresh, 'access', clockAt(T))).toThrow('Invalid Access Token');
    const [header, payload] = access.split('.');
    expect(() => verifiedToken(`${header}.${payload}.forged`, 'access', clockAt(T))).toThrow(
      'Invalid Access Token',
    );
    for (const junk of [undefined, 42, '', 'a.b']) {
      expect(() => verifiedToken(junk, 'access', clockAt(T))).toThrow('Invalid Access Token');
    }
  });
});
