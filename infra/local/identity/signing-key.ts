import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  sign,
  verify,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/** The identity service's RS256 key pair: it signs every token, and its JWKS publishes the half. */
export interface SigningKey {
  /** The JWT header's `kid`, and the JWKS entry's. */
  readonly kid: string;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** The JWKS entry (RSA, RS256, use sig). */
  readonly jwk: JsonWebKey;
}

/**
 * Where the key pair of the service whose data folder is `dataDir` lives: a folder of its own
 * (cognito-local reads every .json file in dataDir as a user pool), as PKCS#8 PEM.
 */
export const signingKeyFile = (dataDir: string): string => join(dataDir, 'keys', 'signing-key.pem');

/** The modulus of the key pair cognito-local publishes inside its npm package (anyone has it). */
function publishedModulus(): string {
  const require = createRequire(import.meta.url);
  const { jwk } = require('cognito-local/lib/keys/cognitoLocal.public.json') as {
    jwk: { n: string };
  };
  return jwk.n;
}

function keyOf(privateKey: KeyObject): SigningKey {
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  const kid = createHash('sha256').update(der).digest('base64url').slice(0, 16);
  return {
    kid,
    privateKey,
    publicKey,
    jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' },
  };
}

/**
 * This installation's key pair: read from the data folder, or made there on first start. Never
 * the pair cognito-local ships (its private half is public: with it anyone could sign an admin's
 * token the APIs accept); a file holding that one is replaced by a new pair.
 */
export async function installSigningKey(dataDir: string): Promise<SigningKey> {
  const file = signingKeyFile(dataDir);
  const stored = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (stored !== undefined) {
    const key = keyOf(createPrivateKey(stored));
    if (key.jwk.n !== publishedModulus()) return key;
  }
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  // Readable by this user only: whoever holds it can sign any user's tokens.
  await writeFile(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  return keyOf(privateKey);
}

/** A JWT signed with the key (RS256, its kid in the header). */
export function signJwt(key: SigningKey, claims: Record<string, unknown>): string {
  const header = { alg: 'RS256', typ: 'JWT', kid: key.kid };
  const unsigned = [header, claims]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .join('.');
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), key.privateKey).toString('base64url')}`;
}

/** Whether the JWT's signature is the key's (RS256); says nothing of its claims. */
export function isSignedBy(key: SigningKey, token: string): boolean {
  const [header, payload, signature, ...rest] = token.split('.');
  if (header === undefined || payload === undefined || signature === undefined || rest.length) {
    return false;
  }
  return verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    key.publicKey,
    Buffer.from(signature, 'base64url'),
  );
}
