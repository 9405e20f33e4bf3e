import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import { attributesToRecord, type User } from 'cognito-local/lib/services/userPoolService';
import { InvalidParameterError, NotAuthorizedError } from 'cognito-local/lib/errors';
import { ChallengeSessions } from '../challenge-sessions';
import type { ProvenSignIn } from '../custom-auth';
import { assertCanSignIn } from '../sign-in';
import type { UserExpiry } from '../user-expiry';
import { userFor } from '../user-lookup';

interface PendingNewPassword {
  readonly clientId: string;
  readonly userPoolId: string;
  readonly username: string;
  /** CUSTOM_WITH_SRP: the custom-auth triggers continue once the password is chosen. */
  readonly custom: boolean;
}

type Metadata = Record<string, string> | undefined;

/** What follows a proven password: the code step (CUSTOM_WITH_SRP) or the tokens. */
export type AfterPassword = (
  ctx: Context,
  flow: ProvenSignIn,
  custom: boolean,
  metadata: Metadata,
) => Promise<unknown>;

export interface NewPasswordRequired {
  /** The challenge for a user who just proved a temporary password (FORCE_CHANGE_PASSWORD). */
  ask(pending: PendingNewPassword, user: User): unknown;
  /** RespondToAuthChallenge NEW_PASSWORD_REQUIRED. */
  respond(ctx: Context, req: Record<string, unknown>): Promise<unknown>;
}

/**
 * NEW_PASSWORD_REQUIRED for users an administrator created with a temporary password, as Cognito
 * asks it after the password proof: the answer needs the session this service opened (single-use,
 * bound to the client, 3 minutes) and a user still waiting for a permanent password. The pool's
 * policy is checked on NEW_PASSWORD before the session is taken (password-policy.ts), so a refused
 * password can be tried again. Then the sign-in continues as it would have.
 */
export function newPasswordRequired(
  services: Services,
  expiry: UserExpiry,
  afterPassword: AfterPassword,
): NewPasswordRequired {
  const sessions = new ChallengeSessions<PendingNewPassword>(services.clock, (p) => p.username);
  expiry.add(sessions);

  return {
    ask(pending, user) {
      const { sub: _hidden, ...attributes } = attributesToRecord(user.Attributes);
      return {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: sessions.open(pending.clientId, pending),
        ChallengeParameters: {
          USER_ID_FOR_SRP: user.Username,
          requiredAttributes: '[]',
          userAttributes: JSON.stringify(attributes),
        },
      };
    },

    async respond(ctx, req) {
      const password = (req.ChallengeResponses as Record<string, unknown> | undefined)
        ?.NEW_PASSWORD;
      if (typeof password !== 'string' || password === '') {
        throw new InvalidParameterError('Missing required parameter NEW_PASSWORD');
      }
      const pending = sessions.take(req.Session, req.ClientId);
      const { pool, user } = await userFor(ctx, services, {
        UserPoolId: pending.userPoolId,
        Username: pending.username,
      });
      // A session for a temporary password answers nothing once the password has been chosen.
      if (user?.UserStatus !== 'FORCE_CHANGE_PASSWORD') {
        throw new NotAuthorizedError('Invalid session for the user.');
      }
      assertCanSignIn(user);
      const changed: User = {
        ...user,
        Password: password,
        UserStatus: 'CONFIRMED',
        UserLastModifiedDate: services.clock.get(),
      };
      await pool.saveUser(ctx, changed);
      const flow = { clientId: pending.clientId, pool, user: changed, username: changed.Username };
      return afterPassword(ctx, flow, pending.custom, req.ClientMetadata as Metadata);
    },
  };
}
