import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import { recordConfirmedUser } from '../../../lambdas/auth-triggers/post-confirmation';
import type { UsersRepository } from '../../../lambdas/ports/users-repository';

/**
 * Runs the project's post-confirmation trigger after ConfirmSignUp / AdminConfirmSignUp, as
 * Cognito does, so a confirmed local sign-up gets its users-table record.
 */
export function withPostConfirmation(
  base: Router,
  services: Services,
  users: UsersRepository,
): Router {
  const record = recordConfirmedUser(users);
  const confirm =
    (fallback: Route): Route =>
    async (ctx, req) => {
      const result = await fallback(ctx, req);
      const pool = req?.ClientId
        ? await services.cognito.getUserPoolForClientId(ctx, req.ClientId)
        : await services.cognito.getUserPool(ctx, req.UserPoolId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (user) {
        await record({
          triggerSource: 'PostConfirmation_ConfirmSignUp',
          userPoolId: pool.options.Id,
          userName: user.Username,
          request: {
            userAttributes: Object.fromEntries(
              (user.Attributes ?? []).map((a) => [a.Name, a.Value ?? '']),
            ),
          },
          response: {},
        } as unknown as PostConfirmationTriggerEvent);
      }
      return result;
    };
  return (target) => {
    const fallback = base(target);
    return target === 'ConfirmSignUp' || target === 'AdminConfirmSignUp'
      ? confirm(fallback)
      : fallback;
  };
}
