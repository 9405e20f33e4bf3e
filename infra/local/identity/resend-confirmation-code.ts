import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import { attributeValue } from 'cognito-local/lib/services/userPoolService';
import { InvalidParameterError } from 'cognito-local/lib/errors';
import { emailDelivery, undeliverable } from './code-delivery';
import { userFor } from './user-lookup';

/**
 * ResendConfirmationCode as Cognito answers it (cognito-local lacks it): a fresh sign-up code by
 * e-mail to an account that has not confirmed yet; a confirmed account is refused with Cognito's
 * message, which is also how the SPA tells an unconfirmed registration apart (SPEC §8). An unknown
 * or disabled user gets no code, and the app client's setting decides what they are told.
 */
export function withResendConfirmationCode(base: Router, services: Services): Router {
  const resend: Route = async (ctx, req) => {
    if (typeof req?.ClientId !== 'string' || typeof req.Username !== 'string') {
      throw new InvalidParameterError('ClientId and Username are required');
    }
    const { pool, user } = await userFor(ctx, services, req);
    const hidden = await undeliverable(ctx, services, req, user);
    if (hidden || !user) return hidden;
    if (user.UserStatus === 'CONFIRMED') {
      throw new InvalidParameterError('User is already confirmed.');
    }
    const email = attributeValue('email', user.Attributes);
    if (!email) throw new InvalidParameterError('User has no e-mail address to send a code to');
    const code = services.otp();
    await services.messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      pool.options.Id,
      user,
      code,
      (req.ClientMetadata ?? {}) as Record<string, string>,
      { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email },
    );
    await pool.saveUser(ctx, {
      ...user,
      UserLastModifiedDate: services.clock.get(),
      ConfirmationCode: code,
    });
    return { CodeDeliveryDetails: emailDelivery(email) };
  };
  return (target) => (target === 'ResendConfirmationCode' ? resend : base(target));
}
