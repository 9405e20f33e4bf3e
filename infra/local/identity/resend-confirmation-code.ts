import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import { InvalidParameterError, UserNotFoundError } from 'cognito-local/lib/errors';

const attribute = (
  attributes: readonly { Name: string; Value?: string }[] | undefined,
  name: string,
): string | undefined => attributes?.find((a) => a.Name === name)?.Value;

/**
 * ResendConfirmationCode as Cognito answers it (cognito-local lacks it): a fresh sign-up code by
 * e-mail to an account that has not confirmed yet; a confirmed account is refused with Cognito's
 * message, which is also how the SPA tells an unconfirmed registration apart (SPEC §8).
 */
export function withResendConfirmationCode(base: Router, services: Services): Router {
  const resend: Route = async (ctx, req) => {
    if (typeof req?.ClientId !== 'string' || typeof req.Username !== 'string') {
      throw new InvalidParameterError('ClientId and Username are required');
    }
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('Username/client id combination not found.');
    if (user.UserStatus === 'CONFIRMED') {
      throw new InvalidParameterError('User is already confirmed.');
    }
    const email = attribute(user.Attributes, 'email');
    if (!email) throw new InvalidParameterError('User has no e-mail address to send a code to');
    const deliveryDetails = {
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: email,
    } as const;
    const code = services.otp();
    await services.messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      pool.options.Id,
      user,
      code,
      (req.ClientMetadata ?? {}) as Record<string, string>,
      deliveryDetails,
    );
    await pool.saveUser(ctx, {
      ...user,
      UserLastModifiedDate: services.clock.get(),
      ConfirmationCode: code,
    });
    return { CodeDeliveryDetails: deliveryDetails };
  };
  return (target) => (target === 'ResendConfirmationCode' ? resend : base(target));
}
