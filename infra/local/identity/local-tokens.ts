import { NotAuthorizedError } from 'cognito-local/lib/errors';
import type { Clock } from 'cognito-local/lib/services/clock';
import { isSignedBy, type SigningKey } from './signing-key';

/** The claims this service reads from its own tokens (access and refresh). */
export interface TokenClaims {
  readonly jti?: string;
  readonly sub?: string;
  readonly iss?: string;
  readonly username?: string;
  readonly 'cognito:username'?: string;
  readonly client_id?: string;
  readonly token_use?: string;
  readonly iat?: number;
  readonly exp?: number;
}

export type TokenKind = 'access' | 'refresh';

/** Cognito's names in its refusals. cognito-local's refresh tokens carry no token_use. */
const KINDS: Readonly<Record<TokenKind, { name: string; use: string | undefined }>> = {
  access: { name: 'Access Token', use: 'access' },
  refresh: { name: 'Refresh Token', use: undefined },
};

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

/** A token's claims when this service signed it with `key` (RS256), whatever its kind or age. */
export function signedClaims(key: SigningKey, token: unknown): TokenClaims | undefined {
  if (typeof token !== 'string' || !isSignedBy(key, token)) return undefined;
  return decodeClaims(token);
}

/**
 * The claims of a token this service signed, of the kind asked for and unexpired by the service's
 * clock; otherwise Cognito's refusal ('Invalid Access Token', 'Refresh Token has expired', …).
 */
export function verifiedToken(
  key: SigningKey,
  token: unknown,
  kind: TokenKind,
  clock: Clock,
): TokenClaims {
  const { name, use } = KINDS[kind];
  const claims = signedClaims(key, token);
  if (!claims || claims.token_use !== use) throw new NotAuthorizedError(`Invalid ${name}`);
  if ((claims.exp ?? 0) * 1000 < clock.get().getTime()) {
    throw new NotAuthorizedError(`${name} has expired`);
  }
  return claims;
}

/** The user pool that issued the claims (the last segment of `iss`). */
export const poolIdOf = (claims: TokenClaims): string => claims.iss?.split('/').pop() ?? '';
