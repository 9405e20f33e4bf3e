import { randomBytes } from 'node:crypto';
import type {
  CreateAuthChallengeTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { InvalidParameterError, NotAuthorizedError } from 'cognito-local/lib/errors';
import { createChallenge } from '../../../lambdas/auth-triggers/create-auth-challenge';
import { handler as define } from '../../../lambdas/auth-triggers/define-auth-challenge';
import { handler as verify } from '../../../lambdas/auth-triggers/verify-auth-challenge';
import type { SmsSender } from '../../../lambdas/ports/sms-sender';
import { assertCanSignIn, issueTokens } from './srp/srp-auth';

type Step = DefineAuthChallengeTriggerEvent['request']['session'][number];

interface CustomSession {
  readonly clientId: string;
  readonly userPoolId: string;
  readonly username: string;
  readonly steps: Step[];
  readonly clientMetadata: Record<string, string>;
  readonly privateParameters: Record<string, string>;
  readonly expiresAt: number;
}

/** Cognito's challenge sessions last 3 minutes. */
const SESSION_TTL_MS = 3 * 60_000;

const attributesOf = (user: User): Record<string, string> =>
  Object.fromEntries((user.Attributes ?? []).map((a) => [a.Name, a.Value ?? '']));

const triggerBase = (user: User, pool: UserPoolService, clientId: string) => ({
  version: '1',
  region: 'local',
  userPoolId: pool.options.Id,
  userName: user.Username,
  callerContext: { awsSdkVersion: 'local', clientId },
});

/**
 * CUSTOM_WITH_SRP for the local identity service, running the project's OWN trigger handlers
 * (lambdas/auth-triggers) as Cognito runs them: after the SRP proof, define decides; create
 * issues the code (its SMS goes to the outbox); verify checks each answer; three wrong answers or
 * an expired session end the sign-in as Cognito does.
 */
export function withCustomAuth(base: Router, services: Services, sms: SmsSender) {
  const sessions = new Map<string, CustomSession>();
  const create = createChallenge(sms);

  /** Asks define what comes next and answers the client accordingly. */
  async function next(
    ctx: Context,
    user: User,
    pool: UserPoolService,
    clientId: string,
    steps: Step[],
    clientMetadata: Record<string, string>,
  ): Promise<unknown> {
    const decided = await define({
      ...triggerBase(user, pool, clientId),
      triggerSource: 'DefineAuthChallenge_Authentication',
      request: { userAttributes: attributesOf(user), session: steps, clientMetadata },
      response: { challengeName: '', issueTokens: false, failAuthentication: false },
    } as DefineAuthChallengeTriggerEvent);
    if (decided.response.failAuthentication) {
      throw new NotAuthorizedError('Incorrect username or password.');
    }
    if (decided.response.issueTokens) return issueTokens(ctx, services, user, pool, clientId);
    const created = await create({
      ...triggerBase(user, pool, clientId),
      triggerSource: 'CreateAuthChallenge_Authentication',
      request: {
        userAttributes: attributesOf(user),
        challengeName: decided.response.challengeName,
        session: steps,
        clientMetadata,
      },
      response: {
        publicChallengeParameters: {},
        privateChallengeParameters: {},
        challengeMetadata: '',
      },
    } as CreateAuthChallengeTriggerEvent);
    const session = randomBytes(48).toString('base64url');
    const now = Date.now();
    for (const [id, s] of sessions) if (s.expiresAt < now) sessions.delete(id);
    sessions.set(session, {
      clientId,
      userPoolId: pool.options.Id,
      username: user.Username,
      steps,
      clientMetadata,
      privateParameters: created.response.privateChallengeParameters,
      expiresAt: now + SESSION_TTL_MS,
    });
    return {
      ChallengeName: decided.response.challengeName,
      Session: session,
      ChallengeParameters: {
        ...created.response.publicChallengeParameters,
        USERNAME: user.Username,
      },
    };
  }

  /** Called by the SRP flow once the password is proven in a CUSTOM_WITH_SRP sign-in. */
  const afterPassword = (
    ctx: Context,
    user: User,
    pool: UserPoolService,
    clientId: string,
    clientMetadata: Record<string, string>,
  ) =>
    next(
      ctx,
      user,
      pool,
      clientId,
      [
        { challengeName: 'SRP_A', challengeResult: true, challengeMetadata: undefined },
        { challengeName: 'PASSWORD_VERIFIER', challengeResult: true, challengeMetadata: undefined },
      ] as Step[],
      clientMetadata,
    );

  const respond =
    (fallback: Route): Route =>
    async (ctx, req) => {
      if (req?.ChallengeName !== 'CUSTOM_CHALLENGE') return fallback(ctx, req);
      const stored = typeof req.Session === 'string' ? sessions.get(req.Session) : undefined;
      if (!stored || stored.expiresAt < Date.now() || stored.clientId !== req.ClientId) {
        throw new NotAuthorizedError('Invalid session for the user, session is expired.');
      }
      sessions.delete(req.Session);
      const answer = (req.ChallengeResponses as Record<string, unknown> | undefined)?.ANSWER;
      if (typeof answer !== 'string') throw new InvalidParameterError('ANSWER is required');
      const pool = await services.cognito.getUserPool(ctx, stored.userPoolId);
      const user = await pool.getUserByUsername(ctx, stored.username);
      if (!user) throw new NotAuthorizedError('Incorrect username or password.');
      assertCanSignIn(user);
      const metadata = {
        ...stored.clientMetadata,
        ...((req.ClientMetadata ?? {}) as Record<string, string>),
      };
      const checked = await verify({
        ...triggerBase(user, pool, stored.clientId),
        triggerSource: 'VerifyAuthChallengeResponse_Authentication',
        request: {
          userAttributes: attributesOf(user),
          privateChallengeParameters: stored.privateParameters,
          challengeAnswer: answer,
          clientMetadata: metadata,
        },
        response: { answerCorrect: false },
      } as VerifyAuthChallengeResponseTriggerEvent);
      const steps = [
        ...stored.steps,
        {
          challengeName: 'CUSTOM_CHALLENGE',
          challengeResult: checked.response.answerCorrect,
          challengeMetadata: 'CODE-SENT',
        } as Step,
      ];
      return next(ctx, user, pool, stored.clientId, steps, metadata);
    };

  const router: Router = (target) => {
    const fallback = base(target);
    return target === 'RespondToAuthChallenge' ? respond(fallback) : fallback;
  };
  return { router, afterPassword };
}
