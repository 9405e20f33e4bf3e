import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import {
  InvalidParameterError,
  NotAuthorizedError,
  ResourceNotFoundError,
} from 'cognito-local/lib/errors';
import { userFor } from './user-lookup';

const REFRESH = 'ALLOW_REFRESH_TOKEN_AUTH';

/** The ExplicitAuthFlows value each AuthFlow needs, per operation (Cognito's API reference). */
const CLIENT_FLOWS: Readonly<Record<string, string>> = {
  USER_SRP_AUTH: 'ALLOW_USER_SRP_AUTH',
  USER_PASSWORD_AUTH: 'ALLOW_USER_PASSWORD_AUTH',
  CUSTOM_AUTH: 'ALLOW_CUSTOM_AUTH',
  USER_AUTH: 'ALLOW_USER_AUTH',
  REFRESH_TOKEN_AUTH: REFRESH,
  REFRESH_TOKEN: REFRESH,
};
const ADMIN_FLOWS: Readonly<Record<string, string>> = {
  USER_SRP_AUTH: 'ALLOW_USER_SRP_AUTH',
  CUSTOM_AUTH: 'ALLOW_CUSTOM_AUTH',
  USER_AUTH: 'ALLOW_USER_AUTH',
  ADMIN_USER_PASSWORD_AUTH: 'ALLOW_ADMIN_USER_PASSWORD_AUTH',
  ADMIN_NO_SRP_AUTH: 'ALLOW_ADMIN_USER_PASSWORD_AUTH',
  REFRESH_TOKEN_AUTH: REFRESH,
  REFRESH_TOKEN: REFRESH,
};
/** What a client created without ExplicitAuthFlows allows, in Cognito. */
const DEFAULT_FLOWS = ['ALLOW_USER_SRP_AUTH', 'ALLOW_CUSTOM_AUTH', REFRESH];

/**
 * The challenges this pool can ask (MFA is off: no SMS_MFA, SOFTWARE_TOKEN_MFA, SELECT_MFA_TYPE, …).
 * Each is answered against a session this service opened; cognito-local's own answers to the
 * others need no session at all, and would issue tokens to anyone naming a user.
 */
const ANSWERABLE = new Set(['PASSWORD_VERIFIER', 'CUSTOM_CHALLENGE', 'NEW_PASSWORD_REQUIRED']);

type AuthParameters = Readonly<Record<string, unknown>> | undefined;

/**
 * The door of every sign-in, outermost in identity-router.ts: an AuthFlow gets in only when the
 * app client's ExplicitAuthFlows allow it ('USER_PASSWORD_AUTH flow not enabled for this client',
 * InvalidParameterException, as Cognito answers); a disabled user is refused whatever the flow,
 * before any proof (the status checks that need a proven password — unconfirmed, reset required —
 * come after it, in each flow); and RespondToAuthChallenge takes only the challenges above.
 */
export function withAuthGate(base: Router, services: Services): Router {
  const allow = async (
    ctx: Context,
    clientId: unknown,
    flow: unknown,
    flows: typeof CLIENT_FLOWS,
  ) => {
    if (typeof flow !== 'string' || flow === '') {
      throw new InvalidParameterError('Missing required parameter AuthFlow');
    }
    const needed = flows[flow];
    if (!needed) throw new InvalidParameterError('Initiate Auth method not supported.');
    const client =
      typeof clientId === 'string' ? await services.cognito.getAppClient(ctx, clientId) : null;
    if (!client) {
      throw new ResourceNotFoundError(`User pool client ${String(clientId)} does not exist.`);
    }
    if (!(client.ExplicitAuthFlows ?? DEFAULT_FLOWS).includes(needed)) {
      throw new InvalidParameterError(`${flow} flow not enabled for this client`);
    }
  };

  /** The user the sign-in is for — by name, or as the holder of the refresh token — if disabled. */
  const refuseDisabled = async (ctx: Context, clientId: unknown, params: AuthParameters) => {
    const { pool, user } = await userFor(ctx, services, {
      ClientId: clientId,
      Username: params?.USERNAME,
    });
    const refreshToken = params?.REFRESH_TOKEN;
    const holder =
      user ??
      (typeof refreshToken === 'string'
        ? await pool.getUserByRefreshToken(ctx, refreshToken)
        : null);
    if (holder?.Enabled === false) throw new NotAuthorizedError('User is disabled.');
  };

  const initiate =
    (fallback: Route, flows: typeof CLIENT_FLOWS): Route =>
    async (ctx, req) => {
      await allow(ctx, req?.ClientId, req?.AuthFlow, flows);
      await refuseDisabled(ctx, req.ClientId, req.AuthParameters as AuthParameters);
      return fallback(ctx, req);
    };

  const fromRefreshToken =
    (fallback: Route): Route =>
    async (ctx, req) => {
      await allow(ctx, req?.ClientId, 'REFRESH_TOKEN_AUTH', CLIENT_FLOWS);
      await refuseDisabled(ctx, req.ClientId, { REFRESH_TOKEN: req.RefreshToken });
      return fallback(ctx, req);
    };

  const respond =
    (fallback: Route): Route =>
    async (ctx, req) => {
      const name: unknown = req?.ChallengeName;
      if (typeof name !== 'string' || name === '') {
        throw new InvalidParameterError('Missing required parameter ChallengeName');
      }
      // No session of this service can be for a challenge it never asks.
      if (!ANSWERABLE.has(name)) throw new NotAuthorizedError('Invalid session for the user.');
      return fallback(ctx, req);
    };

  return (target) => {
    const fallback = base(target);
    if (target === 'InitiateAuth') return initiate(fallback, CLIENT_FLOWS);
    if (target === 'AdminInitiateAuth') return initiate(fallback, ADMIN_FLOWS);
    if (target === 'GetTokensFromRefreshToken') return fromRefreshToken(fallback);
    if (target === 'RespondToAuthChallenge') return respond(fallback);
    return fallback;
  };
}
