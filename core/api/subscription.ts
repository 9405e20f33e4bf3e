import * as z from 'zod';
import { CHECKOUT_SESSION_ID, PAID_PLANS } from '../subscription';
import { emailSchema } from '../validation';
import { withSchemas } from './contract';
import { SUBSCRIPTION_ROUTES } from './subscription-routes';

/** SPEC §7: the body names the caller's own e-mail (the record is found by the token's sub). */
export const ownEmailBody = z.object({ email: emailSchema });
export const planBody = z.object({
  plan: z.enum(PAID_PLANS, `plan must be one of ${PAID_PLANS.join(', ')}`),
});
export const confirmCheckoutBody = z.object({
  sessionId: z.string().regex(CHECKOUT_SESSION_ID, 'sessionId is not a checkout session id'),
});

/** The subscription API's contract: its routes with the body each validates. */
export const SUBSCRIPTION_API = withSchemas(SUBSCRIPTION_ROUTES, {
  user: { body: ownEmailBody },
  permissions: { body: ownEmailBody },
  checkout: { body: planBody },
  confirmCheckout: { body: confirmCheckoutBody },
  changePlan: { body: planBody },
});
