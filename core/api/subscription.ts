import * as z from 'zod';
import { emailSchema } from '../validation';
import { withSchemas } from './contract';
import { SUBSCRIPTION_ROUTES } from './subscription-routes';

/** SPEC §7: the body names the caller's own e-mail (the record is found by the token's sub). */
export const ownEmailBody = z.object({ email: emailSchema });

/** The subscription API's contract: its routes with the body each validates. */
export const SUBSCRIPTION_API = withSchemas(SUBSCRIPTION_ROUTES, {
  user: { body: ownEmailBody },
  permissions: { body: ownEmailBody },
});
