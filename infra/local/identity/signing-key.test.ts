import { createPrivateKey, sign } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installSigningKey, isSignedBy, signingKeyFile, signJwt } from './signing-key';

/** The private key cognito-local publishes in its npm package, read as anyone can read it. */
async function publishedPem(): Promise<string> {
  const file = createRequire(import.meta.url).resolve(
    'cognito-local/lib/keys/cognitoLocal.private.json',
  );
  return (JSON.parse(await readFile(file, 'utf8')) as { pem: string }).pem;
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'signing-key-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the identity service’s signing key', () => {
  it('is made on first start, readable by its owner only, and the same on the next start', async () => {
    const first = await installSigningKey(dir);
    expect((await stat(signingKeyFile(dir))).mode & 0o777).toBe(0o600);
    const again = await installSigningKey(dir);
    expect(again.kid).toBe(first.kid);
    expect(again.jwk).toEqual(first.jwk);
    expect(first.jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: first.kid });
    expect(first.jwk).not.toHaveProperty('d');
    const token = signJwt(first, { sub: 'x' });
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({
      alg: 'RS256',
      typ: 'JWT',
      kid: first.kid,
    });
    expect(isSignedBy(again, token)).toBe(true);
  });

  it('differs between installations', async () => {
    const a = await installSigningKey(join(dir, 'a'));
    const b = await installSigningKey(join(dir, 'b'));
    expect(a.jwk.n).not.toBe(b.jwk.n);
    expect(isSignedBy(b, signJwt(a, { sub: 'x' }))).toBe(false);
  });

  it('is never the pair cognito-local publishes, even when the data folder holds it', async () => {
    const pem = await publishedPem();
    const published = createPrivateKey(pem);
    const file = signingKeyFile(dir);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, published.export({ type: 'pkcs8', format: 'pem' }));
    const key = await installSigningKey(dir);
    const unsigned = `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.e30`;
    const forged = `${unsigned}.${sign('sha256', Buffer.from(unsigned), published).toString('base64url')}`;
    expect(isSignedBy(key, forged)).toBe(false);
    expect(await readFile(file, 'utf8')).not.toBe(
      published.export({ type: 'pkcs8', format: 'pem' }),
    );
  });

  it('refuses what is not a three-part JWT', async () => {
    const key = await installSigningKey(dir);
    const token = signJwt(key, { sub: 'x' });
    const [header, , signature] = token.split('.');
    const changed = `${header}.${Buffer.from('{"sub":"y"}').toString('base64url')}.${signature}`;
    for (const junk of ['', 'a.b', `${token}.extra`, changed]) {
      expect(isSignedBy(key, junk)).toBe(false);
    }
  });
});
