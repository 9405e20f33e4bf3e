import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { UserPoolService } from 'cognito-local/lib/services/userPoolService';
import {
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
} from 'cognito-local/lib/errors';
import { localTokenVerifier, type TokenClaims } from './local-tokens';
import type { TokenRevocations } from './token-revocations';

/**
 * GlobalSignOut and AdminUserGlobalSignOut as Cognito does them: the user's refresh tokens stop
 * working and access tokens issued before are refused — by every operation that takes one (GetUser,
 * ChangePassword, …), which here also check the signature and expiry (cognito-local checks
 * neither). Disabling a user revokes their access tokens too, as AdminDisableUser does in Cognito.
 */
export function withGlobalSignOut(
  base: Router,
  services: Services,
  revocations: TokenRevocations,
): Router {
  const verify = localTokenVerifier();

  const accessClaims = (token: unknown): TokenClaims => {
    if (typeof token !== 'string') throw new InvalidParameterError('AccessToken is required');
    const claims = verify(token);
    if (!claims || claims.token_use !== 'access') {
      throw new NotAuthorizedError('Invalid Access Token');
    }
    if ((claims.exp ?? 0) * 1000 < Date.now()) {
      throw new NotAuthorizedError('Access Token has expired');
    }
    if (revocations.isRevoked(claims))
      throw new NotAuthorizedError('Access Token has been revoked');
    return claims;
  };

  const signOut = async (ctx: Context, pool: UserPoolService, username: unknown) => {
    const user = typeof username === 'string' ? await pool.getUserByUsername(ctx, username) : null;
    if (!user) throw new UserNotFoundError('User does not exist.');
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    await revocations.revokeUser(user.Username);
  };

  const global: Route = async (ctx, req) => {
    const claims = accessClaims(req?.AccessToken);
    const pool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id ?? '');
    await signOut(ctx, pool, claims.username);
    return {};
  };

  const admin: Route = async (ctx, req) => {
    const pool = await services.cognito.getUserPool(ctx, req?.UserPoolId);
    await signOut(ctx, pool, req?.Username);
    return {};
  };

  const disable =
    (fallback: Route): Route =>
    async (ctx, req) => {
      const result = await fallback(ctx, req);
      const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (user) await revocations.revokeUser(user.Username);
      return result;
    };

  const guarded =
    (fallback: Route): Route =>
    async (ctx, req) => {
      if (typeof req?.AccessToken === 'string') accessClaims(req.AccessToken);
      return fallback(ctx, req);
    };

  return (target) => {
    if (target === 'GlobalSignOut') return global;
    if (target === 'AdminUserGlobalSignOut') return admin;
    const fallback = base(target);
    if (target === 'AdminDisableUser') return disable(fallback);
    return guarded(fallback);
  };
}
