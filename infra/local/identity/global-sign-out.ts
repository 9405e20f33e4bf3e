import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { InvalidParameterError, NotAuthorizedError } from 'cognito-local/lib/errors';

interface AccessClaims {
  readonly sub: string;
  readonly client_id: string;
  readonly token_use: string;
  readonly iat: number;
  readonly exp: number;
}

/** The identity service's signing key (cognito-local ships one fixed key pair). */
function loadPublicKey() {
  const require = createRequire(import.meta.url);
  const { jwk } = require('cognito-local/lib/keys/cognitoLocal.public.json') as {
    jwk: JsonWebKey;
  };
  return createPublicKey({ key: jwk, format: 'jwk' });
}

/** A valid, unexpired access token's claims, else NotAuthorized (as Cognito answers). */
function verifyAccessToken(token: unknown, key: ReturnType<typeof createPublicKey>): AccessClaims {
  if (typeof token !== 'string') throw new InvalidParameterError('AccessToken is required');
  const [header, payload, signature] = token.split('.');
  const valid =
    header !== undefined &&
    payload !== undefined &&
    signature !== undefined &&
    verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'));
  if (!valid) throw new NotAuthorizedError('Invalid Access Token');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as AccessClaims;
  if (claims.token_use !== 'access') throw new NotAuthorizedError('Invalid Access Token');
  if (claims.exp * 1000 < Date.now()) throw new NotAuthorizedError('Access Token has expired');
  return claims;
}

/**
 * GlobalSignOut and AdminUserGlobalSignOut as Cognito does them: the user's refresh tokens stop
 * working and access tokens issued before are refused by GetUser. (cognito-local has neither, and
 * its GetUser does not check signatures; this one does.)
 */
export function withGlobalSignOut(base: Router, services: Services): Router {
  const key = loadPublicKey();
  /** sub → epoch seconds: access tokens issued at or before it are revoked. */
  const revokedAt = new Map<string, number>();

  const signOut = async (ctx: Context, pool: UserPoolService, username: string) => {
    const user = await pool.getUserByUsername(ctx, username);
    if (!user) throw new NotAuthorizedError('User does not exist.');
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    revokedAt.set(user.Username, Math.floor(Date.now() / 1000));
  };

  const global: Route = async (ctx, req) => {
    const claims = verifyAccessToken(req?.AccessToken, key);
    if ((revokedAt.get(claims.sub) ?? -1) >= claims.iat) {
      throw new NotAuthorizedError('Access Token has been revoked');
    }
    const pool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
    await signOut(ctx, pool, claims.sub);
    return {};
  };

  const admin: Route = async (ctx, req) => {
    const pool = await services.cognito.getUserPool(ctx, req?.UserPoolId);
    await signOut(ctx, pool, req?.Username);
    return {};
  };

  const getUser =
    (fallback: Route): Route =>
    async (ctx, req) => {
      const claims = verifyAccessToken(req?.AccessToken, key);
      if ((revokedAt.get(claims.sub) ?? -1) >= claims.iat) {
        throw new NotAuthorizedError('Access Token has been revoked');
      }
      return fallback(ctx, req);
    };

  return (target) => {
    if (target === 'GlobalSignOut') return global;
    if (target === 'AdminUserGlobalSignOut') return admin;
    const fallback = base(target);
    return target === 'GetUser' ? getUser(fallback) : fallback;
  };
}
