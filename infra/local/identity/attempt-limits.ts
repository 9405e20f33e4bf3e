import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import { CognitoError, NotAuthorizedError } from 'cognito-local/lib/errors';
import { AttemptLimiter, PASSWORD_LOCKOUT, RESET_CODE_LIMIT } from './attempt-limiter';
import { CallQuotas, COGNITO_CALL_QUOTAS, type QuotaTarget } from './call-quotas';
import { poolIdOf, verifiedToken } from './local-tokens';
import type { SigningKey } from './signing-key';
import { userFor } from './user-lookup';

/** What Cognito answers a wrong password with; only that failure counts towards the lockout. */
const WRONG_PASSWORD = 'Incorrect username or password.';
/** The flows whose InitiateAuth checks a password itself (the SRP ones check it in the answer). */
const PASSWORD_FLOWS = new Set([
  'USER_PASSWORD_AUTH',
  'ADMIN_USER_PASSWORD_AUTH',
  'ADMIN_NO_SRP_AUTH',
]);
/** An open password proof lasts the app client's auth session (minutes); kept a little longer. */
const PROOF_SESSION_MS = 15 * 60_000;

type Request = Record<string, unknown> & {
  ClientId?: unknown;
  UserPoolId?: unknown;
  AuthFlow?: unknown;
  AuthParameters?: Record<string, unknown>;
  ChallengeName?: unknown;
  ChallengeResponses?: Record<string, unknown>;
  Session?: unknown;
  Username?: unknown;
  AccessToken?: unknown;
};
type Answer = {
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
};

/** What Cognito answers a call beyond a per-user limit on codes. */
const attemptLimitExceeded = () =>
  new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');

const isCode = (error: unknown, code: string) =>
  error instanceof CognitoError && error.code === code;

/**
 * Cognito's limits on guessing, which cognito-local lacks:
 *
 * - Sign-in lockout: after five wrong passwords a user is locked for 1 s, 2 s, 4 s … (up to about
 *   15 minutes) after each further one, and every attempt while locked — right password or not —
 *   is answered NotAuthorizedException 'Password attempts exceeded'. A right password after a
 *   lock forgets the failures. It covers each flow that proves a password: USER_PASSWORD_AUTH and
 *   the admin password flows, and the answer to PASSWORD_VERIFIER (SRP, and the SPA's
 *   CUSTOM_WITH_SRP) — for which the user is the one the proof was opened for, whatever USERNAME
 *   the answer names.
 * - Password-reset codes: after five wrong codes, ConfirmForgotPassword answers
 *   LimitExceededException 'Attempt limit exceeded, please try after some time.' for a while.
 * - Per-user quotas (call-quotas.ts) on ResendConfirmationCode, ConfirmSignUp, ForgotPassword,
 *   ChangePassword, GetUserAttributeVerificationCode and VerifyUserAttribute: a call beyond its
 *   quota answers the same LimitExceededException, before it sends or checks anything.
 *
 * It sits outside every layer that checks a password or a code (identity-router.ts).
 */
export function withAttemptLimits(base: Router, services: Services, key: SigningKey): Router {
  const now = () => services.clock.get().getTime();
  const passwords = new AttemptLimiter(PASSWORD_LOCKOUT, now);
  const resetCodes = new AttemptLimiter(RESET_CODE_LIMIT, now);
  const quotas = new CallQuotas(now);
  /** Open password proofs: session → the key of the user it was opened for. */
  const proofs = new Map<string, { key: string; at: number }>();

  /** pool + the user's own name, or undefined for a name that is no user's. */
  const keyFor = async (ctx: Context, req: Request, username: unknown) => {
    const { pool, user } = await userFor(ctx, services, {
      ClientId: req.ClientId,
      UserPoolId: req.UserPoolId,
      Username: username,
    });
    return user ? `${pool.options.Id}\u0000${user.Username}` : undefined;
  };

  /** Notes the user a PASSWORD_VERIFIER challenge was opened for, by its session. */
  const noteProof = async (ctx: Context, req: Request, answer: Answer) => {
    if (answer?.ChallengeName !== 'PASSWORD_VERIFIER' || !answer.Session) return;
    const key = await keyFor(ctx, req, answer.ChallengeParameters?.USER_ID_FOR_SRP);
    for (const [session, proof] of proofs) {
      if (now() - proof.at > PROOF_SESSION_MS) proofs.delete(session);
    }
    if (key) proofs.set(answer.Session, { key, at: now() });
  };

  /** Runs a password check for `key`: refused while locked, counted when wrong. */
  const checkPassword = async (key: string | undefined, attempt: () => Promise<unknown>) => {
    if (key && passwords.isLocked(key)) throw new NotAuthorizedError('Password attempts exceeded');
    try {
      const answer = await attempt();
      if (key) passwords.succeed(key);
      return answer;
    } catch (error) {
      if (key && error instanceof NotAuthorizedError && error.message === WRONG_PASSWORD) {
        passwords.fail(key);
      }
      throw error;
    }
  };

  const initiate =
    (fallback: Route): Route =>
    async (ctx, req: Request) => {
      if (!PASSWORD_FLOWS.has(String(req?.AuthFlow))) {
        const answer = (await fallback(ctx, req)) as Answer;
        await noteProof(ctx, req, answer);
        return answer;
      }
      const key = await keyFor(ctx, req, req.AuthParameters?.USERNAME);
      return checkPassword(key, () => fallback(ctx, req));
    };

  const respond =
    (fallback: Route): Route =>
    async (ctx, req: Request) => {
      if (req?.ChallengeName !== 'PASSWORD_VERIFIER') {
        const answer = (await fallback(ctx, req)) as Answer;
        await noteProof(ctx, req, answer);
        return answer;
      }
      const opened = typeof req.Session === 'string' ? proofs.get(req.Session) : undefined;
      const key = opened?.key ?? (await keyFor(ctx, req, req.ChallengeResponses?.USERNAME));
      const answer = (await checkPassword(key, () => fallback(ctx, req))) as Answer;
      await noteProof(ctx, req, answer);
      return answer;
    };

  const confirmReset =
    (fallback: Route): Route =>
    async (ctx, req: Request) => {
      const key = await keyFor(ctx, req, req?.Username);
      if (key && resetCodes.isLocked(key)) throw attemptLimitExceeded();
      try {
        const answer = await fallback(ctx, req);
        if (key) resetCodes.succeed(key);
        return answer;
      } catch (error) {
        if (key && isCode(error, 'CodeMismatchException')) resetCodes.fail(key);
        throw error;
      }
    };

  /**
   * The user a quota counts a call for: the one its access token names (ChangePassword and the
   * attribute verification calls), else the one its Username names. Undefined for no user or a
   * token that does not verify: the inner layers refuse those as Cognito does.
   */
  const quotaKeyFor = async (ctx: Context, req: Request) => {
    if (req?.AccessToken === undefined) return keyFor(ctx, req, req?.Username);
    try {
      const claims = verifiedToken(key, req.AccessToken, 'access', services.clock);
      return `${poolIdOf(claims)}\u0000${claims.username}`;
    } catch {
      return undefined;
    }
  };

  /** A call counted against its user's quota (a name that is no user's is not counted). */
  const withinQuota =
    (target: QuotaTarget, fallback: Route): Route =>
    async (ctx, req: Request) => {
      const key = await quotaKeyFor(ctx, req);
      if (key && !quotas.take(target, key)) throw attemptLimitExceeded();
      return fallback(ctx, req);
    };

  return (target) => {
    const fallback = base(target);
    if (target in COGNITO_CALL_QUOTAS) return withinQuota(target as QuotaTarget, fallback);
    if (target === 'InitiateAuth' || target === 'AdminInitiateAuth') return initiate(fallback);
    if (target === 'RespondToAuthChallenge' || target === 'AdminRespondToAuthChallenge') {
      return respond(fallback);
    }
    if (target === 'ConfirmForgotPassword') return confirmReset(fallback);
    return fallback;
  };
}
