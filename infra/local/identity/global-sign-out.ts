import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import {
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
} from 'cognito-local/lib/errors';
import { poolIdOf, verifiedToken, type TokenClaims } from './local-tokens';
import type { SigningKey } from './signing-key';
import type { TokenRevocations } from './token-revocations';
import { userFor, type UserAddress } from './user-lookup';

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
  key: SigningKey,
): Router {
  const accessClaims = (token: unknown): TokenClaims => {
    if (typeof token !== 'string') throw new InvalidParameterError('AccessToken is required');
    const claims = verifiedToken(key, token, 'access', services.clock);
    if (revocations.isRevoked(claims)) {
      throw new NotAuthorizedError('Access Token has been revoked');
    }
    return claims;
  };

  const signOut = async (ctx: Context, address: UserAddress) => {
    const { pool, user } = await userFor(ctx, services, address);
    if (!user) throw new UserNotFoundError('User does not exist.');
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    await revocations.revokeUser(user.Username);
  };

  const global: Route = async (ctx, req) => {
    const claims = accessClaims(req?.AccessToken);
    const pool = { ClientId: claims.client_id, UserPoolId: poolIdOf(claims) };
    await signOut(ctx, { ...pool, Username: claims.username });
    return {};
  };

  const admin: Route = async (ctx, req) => {
    await signOut(ctx, { UserPoolId: req?.UserPoolId, Username: req?.Username });
    return {};
  };

  const disable =
    (fallback: Route): Route =>
    async (ctx, req) => {
      const result = await fallback(ctx, req);
      const { user } = await userFor(ctx, services, {
        UserPoolId: req?.UserPoolId,
        Username: req?.Username,
      });
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
