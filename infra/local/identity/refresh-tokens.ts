import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import { CognitoError, InvalidParameterError, NotAuthorizedError } from 'cognito-local/lib/errors';
import { signedClaims, verifiedToken } from './local-tokens';
import { withSessionOf } from './origin-jti';
import type { SigningKey } from './signing-key';
import type { TokenRevocations } from './token-revocations';
import { userFor } from './user-lookup';

const TOKEN_ISSUERS = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'AdminInitiateAuth',
  'AdminRespondToAuthChallenge',
]);

export const isRefreshFlow = (authFlow: unknown) =>
  authFlow === 'REFRESH_TOKEN_AUTH' || authFlow === 'REFRESH_TOKEN';

/**
 * Refresh tokens as Cognito treats them (through InitiateAuth and GetTokensFromRefreshToken):
 * REFRESH_TOKEN_AUTH names why it refuses ('Refresh Token has been revoked' after GlobalSignOut or
 * RevokeToken, where cognito-local says only "not authorized"), and RevokeToken also revokes the
 * access tokens minted from that refresh token. Notes every access token issued, for those
 * revocations. (A disabled user's refresh is refused earlier, by the sign-in gate.)
 */
export function withRefreshTokens(
  base: Router,
  services: Services,
  revocations: TokenRevocations,
  key: SigningKey,
): Router {
  const refresh =
    (fallback: Route): Route =>
    async (ctx, req) => {
      const token = req?.AuthParameters?.REFRESH_TOKEN as unknown;
      if (typeof token !== 'string') return fallback(ctx, req);
      verifiedToken(key, token, 'refresh', services.clock);
      const { pool } = await userFor(ctx, services, { ClientId: req.ClientId });
      const user = await pool.getUserByRefreshToken(ctx, token);
      if (!user) throw new NotAuthorizedError('Refresh Token has been revoked');
      // Refreshed tokens belong to the refresh token's sign-in session (origin_jti).
      return withSessionOf(token, () => fallback(ctx, req));
    };

  const revoke: Route = async (ctx, req) => {
    const token = req?.Token as unknown;
    const claims = signedClaims(key, token);
    if (claims?.token_use) {
      throw new CognitoError('UnsupportedTokenTypeException', 'Only refresh tokens can be revoked');
    }
    if (!claims || typeof token !== 'string') throw new NotAuthorizedError('Invalid Refresh Token');
    const { pool } = await userFor(ctx, services, { ClientId: req.ClientId });
    const user = await pool.getUserByRefreshToken(ctx, token);
    if (user) {
      const left = (user.RefreshTokens ?? []).filter((t) => t !== token);
      await pool.saveUser(ctx, { ...user, RefreshTokens: left });
    }
    // Revoking an already revoked token succeeds, so a repeated sign-out does not fail.
    await revocations.revokeRefreshToken(token);
    return {};
  };

  const recording =
    (fallback: Route): Route =>
    async (ctx, req) => {
      const result = (await fallback(ctx, req)) as {
        AuthenticationResult?: { AccessToken?: string; RefreshToken?: string };
      };
      const tokens = result?.AuthenticationResult;
      if (tokens?.AccessToken) {
        const from = isRefreshFlow(req?.AuthFlow)
          ? (req.AuthParameters?.REFRESH_TOKEN as string)
          : undefined;
        await revocations.recordIssued(tokens.AccessToken, tokens.RefreshToken ?? from);
      }
      return result;
    };

  const router: Router = (target) => {
    if (target === 'RevokeToken') return revoke;
    if (target === 'GetTokensFromRefreshToken') return fromRefreshToken;
    const fallback = base(target);
    if (!TOKEN_ISSUERS.has(target)) return fallback;
    const issuing = recording(fallback);
    const refreshing = recording(refresh(fallback));
    return (ctx, req) => (isRefreshFlow(req?.AuthFlow) ? refreshing : issuing)(ctx, req);
  };

  /**
   * GetTokensFromRefreshToken (the operation Amplify v6 refreshes with; cognito-local lacks it):
   * the same checks and tokens as InitiateAuth REFRESH_TOKEN_AUTH, which (as Cognito without
   * refresh-token rotation) answers no new refresh token: the client keeps its own.
   */
  const fromRefreshToken: Route = async (ctx, req) => {
    if (typeof req?.ClientId !== 'string' || typeof req.RefreshToken !== 'string') {
      throw new InvalidParameterError('ClientId and RefreshToken are required');
    }
    return router('InitiateAuth')(ctx, {
      ClientId: req.ClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
      ...(req.ClientMetadata ? { ClientMetadata: req.ClientMetadata } : {}),
    });
  };

  return router;
}
