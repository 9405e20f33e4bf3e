import { createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';

/** The claims this service reads from its own tokens (access and refresh). */
export interface TokenClaims {
  readonly jti?: string;
  readonly sub?: string;
  readonly username?: string;
  readonly 'cognito:username'?: string;
  readonly client_id?: string;
  readonly token_use?: string;
  readonly iat?: number;
  readonly exp?: number;
}

/** The identity service's signing key (cognito-local ships one fixed key pair). */
function loadPublicKey(): KeyObject {
  const require = createRequire(import.meta.url);
  const { jwk } = require('cognito-local/lib/keys/cognitoLocal.public.json') as {
    jwk: JsonWebKey;
  };
  return createPublicKey({ key: jwk, format: 'jwk' });
}

/** A token's claims without checking it: for tokens this service has just issued. */
export function decodeClaims(token: unknown): TokenClaims | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    return JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
    ) as TokenClaims;
  } catch {
    return undefined;
  }
}

/** Returns a checker giving a token's claims only when this service signed it (RS256). */
export function localTokenVerifier(): (token: unknown) => TokenClaims | undefined {
  const key = loadPublicKey();
  return (token) => {
    if (typeof token !== 'string') return undefined;
    const [header, payload, signature] = token.split('.');
    if (header === undefined || payload === undefined || signature === undefined) return undefined;
    const signed = Buffer.from(`${header}.${payload}`);
    if (!verify('sha256', signed, key, Buffer.from(signature, 'base64url'))) return undefined;
    return decodeClaims(token);
  };
}
