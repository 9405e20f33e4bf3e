import type {
  CreateAuthChallengeTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import {
  InvalidLambdaResponseError,
  InvalidParameterError,
  NotAuthorizedError,
} from 'cognito-local/lib/errors';
import { ChallengeSessions } from './challenge-sessions';
import { assertCanSignIn, issueTokens } from './sign-in';
import { attributesOf, commonFields, runTrigger } from './trigger-events';
import type { UserExpiry } from './user-expiry';
import { userFor } from './user-lookup';

type Step = DefineAuthChallengeTriggerEvent['request']['session'][number];
type Metadata = Record<string, string> | undefined;

/** The three custom-auth triggers, as the user pool would invoke them. */
export interface CustomAuthTriggers {
  define(event: DefineAuthChallengeTriggerEvent): Promise<DefineAuthChallengeTriggerEvent>;
  create(event: CreateAuthChallengeTriggerEvent): Promise<CreateAuthChallengeTriggerEvent>;
  verify(
    event: VerifyAuthChallengeResponseTriggerEvent,
  ): Promise<VerifyAuthChallengeResponseTriggerEvent>;
}

/** A sign-in's client, pool and user. `username` is the stored user's, or the name given. */
export interface SignInFlow {
  readonly clientId: string;
  readonly pool: UserPoolService;
  readonly user: User | null;
  readonly username: string;
}

/** A sign-in whose password has been proven: the user exists. */
export interface ProvenSignIn extends SignInFlow {
  readonly user: User;
}

/** One custom sign-in in progress: the steps so far, as define sees them. */
interface Flow extends SignInFlow {
  readonly steps: readonly Step[];
}

interface PendingChallenge {
  readonly clientId: string;
  readonly userPoolId: string;
  readonly username: string;
  readonly userNotFound: boolean;
  readonly steps: readonly Step[];
  readonly privateParameters: Record<string, string>;
  readonly challengeMetadata: string | undefined;
}

/** define answered PASSWORD_VERIFIER to the opening SRP_A: the SRP flow proves the password. */
export const PASSWORD_STEP = Symbol('PASSWORD_VERIFIER');

export interface CustomAuth {
  readonly router: Router;
  /** CUSTOM_WITH_SRP at InitiateAuth: define sees [SRP_A]; PASSWORD_STEP means "prove it". */
  beforePassword(ctx: Context, flow: SignInFlow): Promise<unknown>;
  /** CUSTOM_WITH_SRP once the password is proven: define decides the code step or tokens. */
  afterPassword(ctx: Context, flow: ProvenSignIn, metadata: Metadata): Promise<unknown>;
}

const srpA: Step = { challengeName: 'SRP_A', challengeResult: true };
const passwordOk: Step = { challengeName: 'PASSWORD_VERIFIER', challengeResult: true };

/**
 * Cognito's custom authentication (CUSTOM_AUTH, with or without SRP) for the local identity
 * service, driving the given triggers exactly as the user pool does: define after every step
 * (ClientMetadata only from RespondToAuthChallenge, as Cognito passes it), create for each
 * challenge, verify for each answer; 'Incorrect username or password.' when define fails the
 * sign-in; sessions single-use and expiring after 3 minutes (registered with the developer control).
 */
export function withCustomAuth(
  base: Router,
  services: Services,
  triggers: CustomAuthTriggers,
  expiry: UserExpiry,
): CustomAuth {
  const sessions = new ChallengeSessions<PendingChallenge>(services.clock, (p) => p.username);
  expiry.add(sessions);

  const request = (flow: Flow) => ({
    userAttributes: attributesOf(flow.user),
    ...(flow.user ? {} : { userNotFound: true }),
  });

  async function next(ctx: Context, flow: Flow, clientMetadata: Metadata): Promise<unknown> {
    const common = commonFields(flow.pool, flow.username, flow.clientId);
    const metadata = clientMetadata ? { clientMetadata } : {};
    const decided = await runTrigger('DefineAuthChallenge', () =>
      triggers.define({
        ...common,
        triggerSource: 'DefineAuthChallenge_Authentication',
        request: { ...request(flow), session: [...flow.steps], ...metadata },
        response: { challengeName: '', issueTokens: false, failAuthentication: false },
      }),
    );
    const { challengeName, issueTokens: issue, failAuthentication } = decided.response;
    if (failAuthentication || (issue && !flow.user)) {
      throw new NotAuthorizedError('Incorrect username or password.');
    }
    if (issue && flow.user) return issueTokens(ctx, services, flow.user, flow.pool, flow.clientId);
    if (challengeName === 'PASSWORD_VERIFIER' && flow.steps.length === 1) return PASSWORD_STEP;
    if (challengeName !== 'CUSTOM_CHALLENGE') throw new InvalidLambdaResponseError();
    const created = await runTrigger('CreateAuthChallenge', () =>
      triggers.create({
        ...common,
        triggerSource: 'CreateAuthChallenge_Authentication',
        request: { ...request(flow), challengeName, session: [...flow.steps], ...metadata },
        response: {
          publicChallengeParameters: {},
          privateChallengeParameters: {},
          challengeMetadata: '',
        },
      }),
    );
    const session = sessions.open(flow.clientId, {
      clientId: flow.clientId,
      userPoolId: flow.pool.options.Id,
      username: flow.username,
      userNotFound: !flow.user,
      steps: flow.steps,
      privateParameters: created.response.privateChallengeParameters ?? {},
      challengeMetadata: created.response.challengeMetadata || undefined,
    });
    return {
      ChallengeName: challengeName,
      Session: session,
      ChallengeParameters: {
        ...created.response.publicChallengeParameters,
        USERNAME: flow.username,
      },
    };
  }

  /** InitiateAuth CUSTOM_AUTH without SRP_A (CUSTOM_WITHOUT_SRP): define starts from nothing. */
  const initiate =
    (fallback: Route): Route =>
    async (ctx, req) => {
      if (req?.AuthFlow !== 'CUSTOM_AUTH' || req.AuthParameters?.CHALLENGE_NAME === 'SRP_A') {
        return fallback(ctx, req);
      }
      const username = req.AuthParameters?.USERNAME as unknown;
      if (typeof username !== 'string') {
        throw new InvalidParameterError('Missing required parameter USERNAME');
      }
      const { pool, user } = await userFor(ctx, services, {
        ClientId: req.ClientId,
        Username: username,
      });
      if (user) assertCanSignIn(user);
      // Cognito passes InitiateAuth's ClientMetadata to define/create: not at all.
      const flow = { clientId: req.ClientId, pool, user, username: user?.Username ?? username };
      const result = await next(ctx, { ...flow, steps: [] }, undefined);
      if (result === PASSWORD_STEP) throw new InvalidLambdaResponseError();
      return result;
    };

  const respond =
    (fallback: Route): Route =>
    async (ctx, req) => {
      if (req?.ChallengeName !== 'CUSTOM_CHALLENGE') return fallback(ctx, req);
      const answer = (req.ChallengeResponses as Record<string, unknown> | undefined)?.ANSWER;
      if (typeof answer !== 'string') {
        throw new InvalidParameterError('Missing required parameter ANSWER');
      }
      const pending = sessions.take(req.Session, req.ClientId);
      const { pool, user } = await userFor(ctx, services, {
        UserPoolId: pending.userPoolId,
        Username: pending.userNotFound ? undefined : pending.username,
      });
      if (!pending.userNotFound && !user) {
        throw new NotAuthorizedError('Incorrect username or password.');
      }
      if (user) assertCanSignIn(user);
      const flow: Flow = { ...pending, pool, user, steps: pending.steps };
      const clientMetadata = req.ClientMetadata as Metadata;
      const checked = await runTrigger('VerifyAuthChallengeResponse', () =>
        triggers.verify({
          ...commonFields(pool, pending.username, pending.clientId),
          triggerSource: 'VerifyAuthChallengeResponse_Authentication',
          request: {
            ...request(flow),
            privateChallengeParameters: pending.privateParameters,
            challengeAnswer: answer,
            ...(clientMetadata ? { clientMetadata } : {}),
          },
          response: { answerCorrect: false },
        }),
      );
      const step: Step = {
        challengeName: 'CUSTOM_CHALLENGE',
        challengeResult: checked.response.answerCorrect === true,
        ...(pending.challengeMetadata ? { challengeMetadata: pending.challengeMetadata } : {}),
      };
      return next(ctx, { ...flow, steps: [...pending.steps, step] }, clientMetadata);
    };

  return {
    router: (target) => {
      const fallback = base(target);
      if (target === 'InitiateAuth') return initiate(fallback);
      if (target === 'RespondToAuthChallenge') return respond(fallback);
      return fallback;
    },
    beforePassword: (ctx, flow) => next(ctx, { ...flow, steps: [srpA] }, undefined),
    afterPassword: (ctx, flow, metadata) =>
      next(ctx, { ...flow, steps: [srpA, passwordOk] }, metadata),
  };
}
