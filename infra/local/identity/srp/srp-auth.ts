import { randomBytes, randomUUID } from 'node:crypto';
import type { Route, Router } from 'cognito-local/lib/server/Router';
import * as z from 'zod';
import type { Services } from 'cognito-local/lib/services';
import { InvalidParameterError, NotAuthorizedError } from 'cognito-local/lib/errors';
import { ChallengeSessions } from '../challenge-sessions';
import { PASSWORD_STEP, type CustomAuth } from '../custom-auth';
import { assertCanSignIn, issueTokens } from '../sign-in';
import type { UserExpiry } from '../user-expiry';
import { userFor } from '../user-lookup';
import { newPasswordRequired, type AfterPassword } from './new-password-required';
import {
  claimSignature,
  passwordExponent,
  randomSaltHex,
  serverKey,
  signaturesMatch,
  startServerSession,
  type ServerSession,
} from './srp-math';

/**
 * InitiateAuth's SRP parameters: SRP_A is the client's public value, a hexadecimal number below
 * the 3072-bit group's prime (768 digits; a few more for leading zeros). Anything else is the
 * caller's mistake (400), never a failure of the service.
 */
const srpStart = z.object({
  USERNAME: z.string('USERNAME is required').min(1, 'USERNAME is required'),
  SRP_A: z
    .string('SRP_A is required')
    .min(1, 'SRP_A is required')
    .max(1024, 'SRP_A is too long')
    .regex(/^[0-9a-fA-F]+$/, 'SRP_A must be a hexadecimal number'),
});

interface PendingProof {
  readonly clientId: string;
  readonly userPoolId: string;
  /** The name the proof is computed over (USER_ID_FOR_SRP). */
  readonly username: string;
  readonly A: bigint;
  readonly srp: ServerSession;
  readonly secretBlock: string;
  /** CUSTOM_AUTH with SRP_A (CUSTOM_WITH_SRP): the custom-auth triggers continue after the proof. */
  readonly custom: boolean;
}

export interface SrpDeps {
  readonly services: Services;
  /** CUSTOM_WITH_SRP: the custom-auth state machine around the password proof. */
  readonly custom: Pick<CustomAuth, 'beforePassword' | 'afterPassword'>;
  /** The developer control, which finds the open password proofs here. */
  readonly expiry: UserExpiry;
}

/**
 * USER_SRP_AUTH and CUSTOM_WITH_SRP for the local identity service (cognito-local has neither):
 * InitiateAuth answers PASSWORD_VERIFIER with SALT, SRP_B and SECRET_BLOCK; RespondToAuthChallenge
 * checks the PASSWORD_CLAIM_SIGNATURE, then — after NEW_PASSWORD_REQUIRED for a temporary password
 * — completes the sign-in or, in CUSTOM_WITH_SRP, lets the define trigger decide, as it also did
 * before the proof. Other requests pass to `base`. (Which flows a client may use, and disabled
 * users, are the sign-in gate's: auth-gate.ts.)
 */
export function withSrp(base: Router, deps: SrpDeps): Router {
  const { services, custom, expiry } = deps;
  const pending = new ChallengeSessions<PendingProof>(services.clock, (p) => p.username);
  expiry.add(pending);

  const afterPassword: AfterPassword = (ctx, flow, isCustom, metadata) =>
    isCustom
      ? custom.afterPassword(ctx, flow, metadata)
      : issueTokens(ctx, services, flow.user, flow.pool, flow.clientId);
  const newPassword = newPasswordRequired(services, expiry, afterPassword);

  const initiate =
    (fallback: Route): Route =>
    async (ctx, req) => {
      const isCustom =
        req?.AuthFlow === 'CUSTOM_AUTH' && req.AuthParameters?.CHALLENGE_NAME === 'SRP_A';
      if (req?.AuthFlow !== 'USER_SRP_AUTH' && !isCustom) return fallback(ctx, req);
      const parsed = srpStart.safeParse(req.AuthParameters ?? {});
      if (!parsed.success) {
        throw new InvalidParameterError(parsed.error.issues.map((i) => i.message).join('; '));
      }
      const { USERNAME: username, SRP_A: srpA } = parsed.data;
      const { pool, user } = await userFor(ctx, services, {
        ClientId: req.ClientId,
        Username: username,
      });
      if (isCustom) {
        const flow = { clientId: req.ClientId, pool, user, username: user?.Username ?? username };
        const decided = await custom.beforePassword(ctx, flow);
        if (decided !== PASSWORD_STEP) return decided;
      }
      // Like Cognito with prevent-user-existence-errors, an unknown user fails at the proof, not here.
      const poolName = pool.options.Id.split('_')[1] ?? pool.options.Id;
      const userIdForSrp = user?.Username ?? randomUUID();
      const salt = randomSaltHex();
      const srp = startServerSession(
        passwordExponent(poolName, userIdForSrp, user?.Password ?? randomUUID(), salt),
        salt,
      );
      const secretBlock = randomBytes(64).toString('base64');
      const session = pending.open(req.ClientId, {
        clientId: req.ClientId,
        userPoolId: pool.options.Id,
        username: userIdForSrp,
        A: BigInt(`0x${srpA}`),
        srp,
        secretBlock,
        custom: isCustom,
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
      if (req?.ChallengeName === 'NEW_PASSWORD_REQUIRED') return newPassword.respond(ctx, req);
      if (req?.ChallengeName !== 'PASSWORD_VERIFIER') return fallback(ctx, req);
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
      const challenge = pending.take(req.Session, req.ClientId);
      const { pool, user } = await userFor(ctx, services, {
        UserPoolId: challenge.userPoolId,
        Username: challenge.username,
      });
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
      const { clientId, custom: isCustom } = challenge;
      if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') {
        const { userPoolId } = challenge;
        return newPassword.ask(
          { clientId, userPoolId, username: user.Username, custom: isCustom },
          user,
        );
      }
      // Cognito gives the triggers this call's ClientMetadata only (none from InitiateAuth).
      const flow = { clientId, pool, user, username: user.Username };
      return afterPassword(ctx, flow, isCustom, req.ClientMetadata as Record<string, string>);
    };

  return (target) => {
    const fallback = base(target);
    if (target === 'InitiateAuth') return initiate(fallback);
    if (target === 'RespondToAuthChallenge') return respond(fallback);
    return fallback;
  };
}
