import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import { attributesOf, commonFields, runTrigger } from './trigger-events';
import { userFor } from './user-lookup';

export type PostConfirmationTrigger = (
  event: PostConfirmationTriggerEvent,
) => Promise<PostConfirmationTriggerEvent>;

/**
 * Runs the post-confirmation trigger after ConfirmSignUp / AdminConfirmSignUp, as Cognito does:
 * the user is confirmed first; a failing trigger reaches the client as
 * UserLambdaValidationException, and the user stays confirmed. A sign-up confirmed with the code
 * e-mailed to it has its e-mail verified (email_verified 'true'), as in Cognito — cognito-local
 * leaves it unset, so tokens said the e-mail was unverified and the APIs ignored it.
 */
export function withPostConfirmation(
  base: Router,
  services: Services,
  trigger: PostConfirmationTrigger,
): Router {
  const confirm =
    (fallback: Route, withCode: boolean): Route =>
    async (ctx, req) => {
      const result = await fallback(ctx, req);
      const clientId = typeof req?.ClientId === 'string' ? req.ClientId : '';
      const { pool, user: confirmed } = await userFor(ctx, services, req);
      let user = confirmed;
      if (user && withCode) {
        const attributes = user.Attributes.filter((a) => a.Name !== 'email_verified');
        user = { ...user, Attributes: [...attributes, { Name: 'email_verified', Value: 'true' }] };
        await pool.saveUser(ctx, user);
      }
      if (user) {
        const clientMetadata = req.ClientMetadata as Record<string, string> | undefined;
        await runTrigger('PostConfirmation', () =>
          trigger({
            ...commonFields(pool, user.Username, clientId),
            triggerSource: 'PostConfirmation_ConfirmSignUp',
            request: {
              userAttributes: attributesOf(user),
              ...(clientMetadata ? { clientMetadata } : {}),
            },
            response: {},
          }),
        );
      }
      return result;
    };
  return (target) => {
    const fallback = base(target);
    if (target === 'ConfirmSignUp') return confirm(fallback, true);
    if (target === 'AdminConfirmSignUp') return confirm(fallback, false);
    return fallback;
  };
}
