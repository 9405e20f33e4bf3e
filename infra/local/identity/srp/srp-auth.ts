import { randomBytes, randomUUID } from 'node:crypto';
import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import {
  InvalidParameterError,
  NotAuthorizedError,
  PasswordResetRequiredError,
  UserNotConfirmedException,
} from 'cognito-local/lib/errors';
import {
  claimSignature,
  passwordExponent,
  randomSaltHex,
  serverKey,
  signaturesMatch,
  startServerSession,
  type ServerSession,
} from './srp-math';

interface PendingChallenge {
  readonly clientId: string;
  readonly userPoolId: string;
  readonly username: string;
  readonly A: bigint;
  readonly srp: ServerSession;
  readonly secretBlock: string;
  readonly expiresAt: number;
  /** CUSTOM_AUTH with SRP_A (CUSTOM_WITH_SRP): the custom-auth triggers continue after the proof. */
  readonly custom: boolean;
  readonly clientMetadata: Record<string, string>;
}

/** Cognito's challenge sessions last 3 minutes. */
const SESSION_TTL_MS = 3 * 60_000;

export interface SrpDeps {
  readonly services: Services;
  /** CUSTOM_WITH_SRP: what happens once the password is proven (the custom-auth triggers). */
  readonly onCustomPasswordVerified?: (
    ctx: Context,
    user: User,
    pool: UserPoolService,
    clientId: string,
    clientMetadata: Record<string, string>,
  ) => Promise<unknown>;
}

/** Cognito refuses sign-in for these states whatever the proof. */
export function assertCanSignIn(user: User): void {
  if (user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
  if (user.UserStatus === 'RESET_REQUIRED') throw new PasswordResetRequiredError();
  if (user.UserStatus === 'UNCONFIRMED') throw new UserNotConfirmedException();
}

/** Tokens for a user whose sign-in is complete, as cognito-local issues them. */
export async function issueTokens(
  ctx: Context,
  services: Services,
  user: User,
  pool: UserPoolService,
  clientId: string,
): Promise<unknown> {
  const client = await services.cognito.getAppClient(ctx, clientId);
  if (!client) throw new NotAuthorizedError();
  const groups = await pool.listUserGroupMembership(ctx, user);
  const tokens = await services.tokenGenerator.generate(
    ctx,
    user,
    groups,
    client,
    undefined,
    'Authentication',
  );
  await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
  return { ChallengeParameters: {}, AuthenticationResult: tokens };
}

/**
 * USER_SRP_AUTH for the local identity service (cognito-local has none): InitiateAuth answers
 * PASSWORD_VERIFIER with SALT, SRP_B and SECRET_BLOCK; RespondToAuthChallenge checks the
 * PASSWORD_CLAIM_SIGNATURE and then completes the sign-in. Other requests pass to `base`.
 */
export function withSrp(base: Router, deps: SrpDeps): Router {
  const { services } = deps;
  const pending = new Map<string, PendingChallenge>();
  const sweep = () => {
    const now = Date.now();
    for (const [id, challenge] of pending) if (challenge.expiresAt < now) pending.delete(id);
  };

  const initiate =
    (fallback: Route): Route =>
    async (ctx, req) => {
      if (
        req?.AuthFlow === 'USER_PASSWORD_AUTH' &&
        typeof req.AuthParameters?.USERNAME === 'string'
      ) {
        // cognito-local's own password flow ignores the Enabled flag; Cognito does not.
        const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
        const user = await pool.getUserByUsername(ctx, req.AuthParameters.USERNAME);
        if (user?.Enabled === false) throw new NotAuthorizedError('User is disabled.');
      }
      const custom =
        req?.AuthFlow === 'CUSTOM_AUTH' && req.AuthParameters?.CHALLENGE_NAME === 'SRP_A';
      if (req?.AuthFlow !== 'USER_SRP_AUTH' && !custom) return fallback(ctx, req);
      const username = req.AuthParameters?.USERNAME as string | undefined;
      const srpA = req.AuthParameters?.SRP_A as string | undefined;
      if (!username || !srpA) throw new InvalidParameterError('USERNAME and SRP_A are required');
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, username);
      // Like Cognito with prevent-user-existence-errors, an unknown user fails at the proof, not here.
      const poolName = pool.options.Id.split('_')[1] ?? pool.options.Id;
      const userIdForSrp = user?.Username ?? randomUUID();
      const salt = randomSaltHex();
      const srp = startServerSession(
        passwordExponent(poolName, userIdForSrp, user?.Password ?? randomUUID(), salt),
        salt,
      );
      const secretBlock = randomBytes(64).toString('base64');
      const session = randomBytes(48).toString('base64url');
      sweep();
      pending.set(session, {
        clientId: req.ClientId,
        userPoolId: pool.options.Id,
        username: userIdForSrp,
        A: BigInt(`0x${srpA}`),
        srp,
        secretBlock,
        expiresAt: Date.now() + SESSION_TTL_MS,
        custom,
        clientMetadata: (req.ClientMetadata ?? {}) as Record<string, string>,
      });
      return {
        ChallengeName: 'PASSWORD_VERIFIER',
        Session: session,
        ChallengeParameters: {
          SALT: salt,
          SRP_B: srp.B.toString(16),
          SECRET_BLOCK: secretBlock,
          USER_ID_FOR_SRP: userIdForSrp,
          USERNAME: userIdForSrp,
        },
      };
    };

  const respond =
    (fallback: Route): Route =>
    async (ctx, req) => {
      if (req?.ChallengeName !== 'PASSWORD_VERIFIER') return fallback(ctx, req);
      const challenge = typeof req.Session === 'string' ? pending.get(req.Session) : undefined;
      if (!challenge || challenge.expiresAt < Date.now() || challenge.clientId !== req.ClientId) {
        throw new NotAuthorizedError('Invalid session for the user, session is expired.');
      }
      pending.delete(req.Session);
      const responses = (req.ChallengeResponses ?? {}) as Record<string, string | undefined>;
      const {
        PASSWORD_CLAIM_SIGNATURE: signature,
        PASSWORD_CLAIM_SECRET_BLOCK: block,
        TIMESTAMP: timestamp,
      } = responses;
      if (!signature || !block || !timestamp) {
        throw new InvalidParameterError(
          'PASSWORD_CLAIM_SIGNATURE, PASSWORD_CLAIM_SECRET_BLOCK and TIMESTAMP are required',
        );
      }
      const pool = await services.cognito.getUserPool(ctx, challenge.userPoolId);
      const user = await pool.getUserByUsername(ctx, challenge.username);
      const poolName = challenge.userPoolId.split('_')[1] ?? challenge.userPoolId;
      const key = serverKey(challenge.srp, challenge.A);
      const valid =
        user !== null &&
        key !== undefined &&
        block === challenge.secretBlock &&
        signaturesMatch(
          claimSignature(key, poolName, challenge.username, block, timestamp),
          signature,
        );
      if (!valid || !user) throw new NotAuthorizedError('Incorrect username or password.');
      assertCanSignIn(user);
      if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') {
        return {
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: randomUUID(),
          ChallengeParameters: {
            USER_ID_FOR_SRP: user.Username,
            requiredAttributes: '[]',
            userAttributes: '{}',
          },
        };
      }
      if (challenge.custom && deps.onCustomPasswordVerified) {
        // Cognito merges the metadata of this call over that of InitiateAuth.
        const metadata = {
          ...challenge.clientMetadata,
          ...((req.ClientMetadata ?? {}) as Record<string, string>),
        };
        return deps.onCustomPasswordVerified(ctx, user, pool, challenge.clientId, metadata);
      }
      return issueTokens(ctx, services, user, pool, challenge.clientId);
    };

  return (target) => {
    const fallback = base(target);
    if (target === 'InitiateAuth') return initiate(fallback);
    if (target === 'RespondToAuthChallenge') return respond(fallback);
    return fallback;
  };
}
