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
 * UserLambdaValidationException, and the user stays confirmed.
 */
export function withPostConfirmation(
  base: Router,
  services: Services,
  trigger: PostConfirmationTrigger,
): Router {
  const confirm =
    (fallback: Route): Route =>
    async (ctx, req) => {
      const result = await fallback(ctx, req);
      const clientId = typeof req?.ClientId === 'string' ? req.ClientId : '';
      const { pool, user } = await userFor(ctx, services, req);
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
    return target === 'ConfirmSignUp' || target === 'AdminConfirmSignUp'
      ? confirm(fallback)
      : fallback;
  };
}
