import { createHash } from 'node:crypto';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { User } from 'cognito-local/lib/services/userPoolService';
import { NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors';

export interface CodeDeliveryDetails {
  readonly AttributeName: 'email';
  readonly DeliveryMedium: 'EMAIL';
  readonly Destination: string;
}

/** Cognito reports where a code went only masked: ann@example.com → a***@e***. */
export function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

export const emailDelivery = (email: string): CodeDeliveryDetails => ({
  AttributeName: 'email',
  DeliveryMedium: 'EMAIL',
  Destination: maskedEmail(email),
});

/**
 * The answer for a code that was not sent, shaped like a real one. Usernames are e-mails in this
 * pool, so a real answer would show the name asked for, masked; any other name gets a stable
 * made-up address.
 */
function simulatedDelivery(username: string): CodeDeliveryDetails {
  if (username.includes('@')) return emailDelivery(username);
  const letters = createHash('sha256').update(username).digest('hex').replace(/\d/g, '');
  return emailDelivery(`${letters[0] ?? 'u'}@${letters[1] ?? 'e'}`);
}

/**
 * ForgotPassword and ResendConfirmationCode for a user who cannot get a code (none by that name,
 * or disabled): with the app client's PreventUserExistenceErrors ENABLED Cognito sends nothing and
 * answers as if it had; otherwise (LEGACY, the API's default) it says why. Undefined when the user
 * can get a code.
 */
export async function undeliverable(
  ctx: Context,
  services: Services,
  req: { readonly ClientId: string; readonly Username: string },
  user: User | null,
): Promise<{ CodeDeliveryDetails: CodeDeliveryDetails } | undefined> {
  if (user && user.Enabled !== false) return undefined;
  const client = await services.cognito.getAppClient(ctx, req.ClientId);
  if (client?.PreventUserExistenceErrors === 'ENABLED') {
    return { CodeDeliveryDetails: simulatedDelivery(req.Username) };
  }
  if (!user) throw new UserNotFoundError('Username/client id combination not found.');
  throw new NotAuthorizedError('User is disabled.');
}
