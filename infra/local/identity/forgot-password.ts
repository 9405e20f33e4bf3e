import type { Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import { InvalidParameterError } from 'cognito-local/lib/errors';
import { emailDelivery, undeliverable } from './code-delivery';
import { userFor } from './user-lookup';

/**
 * ForgotPassword as Cognito answers it: cognito-local sends a reset code to whoever asks (a
 * disabled user too) and says UserNotFoundException for an unknown name whatever the app client's
 * PreventUserExistenceErrors; here an unknown or disabled user gets no code and the client's setting
 * decides the answer, and the destination is masked as Cognito masks it.
 */
export function withForgotPassword(base: Router, services: Services): Router {
  return (target) => {
    const fallback = base(target);
    if (target !== 'ForgotPassword') return fallback;
    return async (ctx, req) => {
      if (typeof req?.ClientId !== 'string' || typeof req.Username !== 'string') {
        throw new InvalidParameterError('ClientId and Username are required');
      }
      const { user } = await userFor(ctx, services, req);
      const hidden = await undeliverable(ctx, services, req, user);
      if (hidden) return hidden;
      const result = (await fallback(ctx, req)) as {
        CodeDeliveryDetails?: { Destination?: string };
      };
      const sentTo = result.CodeDeliveryDetails?.Destination;
      return sentTo ? { ...result, CodeDeliveryDetails: emailDelivery(sentTo) } : result;
    };
  };
}
