import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import { UserNotFoundError } from 'cognito-local/lib/errors';
import { userFor } from './user-lookup';

/**
 * AdminListGroupsForUser by any name the user answers to. Cognito accepts an alias (the e-mail)
 * as Username; cognito-local finds the user by it but then looks for the alias among the groups'
 * members, which hold the real user name, and answered no groups at all.
 */
export function withGroupsForUser(base: Router, services: Services): Router {
  return (target) => {
    const fallback: Route = base(target);
    if (target !== 'AdminListGroupsForUser') return fallback;
    return async (ctx, req) => {
      const { user } = await userFor(ctx, services, {
        UserPoolId: req?.UserPoolId,
        Username: req?.Username,
      });
      if (!user) throw new UserNotFoundError('User does not exist.');
      return fallback(ctx, { ...req, Username: user.Username });
    };
  };
}
