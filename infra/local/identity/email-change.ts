import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { CognitoError, CodeMismatchError, NotAuthorizedError } from 'cognito-local/lib/errors';
import { USER_POOL_SETTINGS } from '../../../core/identity';
import { emailDelivery } from './code-delivery';
import { poolIdOf, verifiedToken } from './local-tokens';
import type { SigningKey } from './signing-key';
import { userFor } from './user-lookup';

interface AttributeType {
  readonly Name: string;
  readonly Value?: string;
}

const emailOf = (attributes: readonly AttributeType[] | undefined) =>
  attributes?.find((a) => a.Name === 'email')?.Value;

/** The new address of an e-mail change waiting for its code (cognito-local's delayed attributes). */
const pendingEmail = (user: User) => emailOf(user.UnverifiedAttributeChanges);

/**
 * E-mail changes as in the CDK pool (keepOriginal email, core/identity.ts): UpdateUserAttributes
 * with a new e-mail keeps the old one in effect — for sign-in and in the tokens — and sends a code
 * to the new address (through the outbox); VerifyUserAttribute with that code makes the new one the
 * user's, verified. GetUserAttributeVerificationCode sends a pending change's code again, to the new
 * address. An address another user signs in with is refused (AliasExistsException), at the change
 * and again at its verification, and by AdminUpdateUserAttributes.
 *
 * cognito-local applied the new e-mail at once, unverified — a typo locked the user out — and let
 * two users share an e-mail.
 */
export function withEmailChange(base: Router, services: Services, key: SigningKey): Router {
  const callerOf = async (ctx: Context, token: unknown) => {
    const claims = verifiedToken(key, token, 'access', services.clock);
    const { pool, user } = await userFor(ctx, services, {
      ClientId: claims.client_id,
      UserPoolId: poolIdOf(claims),
      Username: claims.username,
    });
    if (!user) throw new NotAuthorizedError('Access Token has been revoked');
    return { pool, user, clientId: claims.client_id };
  };

  /** Refuses an address that is (case aside) another user's sign-in name. */
  const assertFree = async (ctx: Context, pool: UserPoolService, user: User, email: string) => {
    const holder = await pool.getUserByUsername(ctx, email);
    if (holder && holder.Username !== user.Username) {
      throw new CognitoError(
        'AliasExistsException',
        'An account with the given email already exists.',
      );
    }
  };

  /** A new code for the pending address, sent there; answers where it went (masked). */
  const sendCode = async (
    ctx: Context,
    pool: UserPoolService,
    user: User,
    email: string,
    clientMetadata: unknown,
  ) => {
    const code = services.otp();
    await pool.saveUser(ctx, { ...user, AttributeVerificationCode: code });
    const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
    const recipient = {
      ...user,
      Attributes: user.Attributes.map((a) => (a.Name === 'email' ? { ...a, Value: email } : a)),
    };
    await services.messages.deliver(
      ctx,
      'UpdateUserAttribute',
      null,
      pool.options.Id,
      recipient,
      code,
      clientMetadata as Record<string, string> | undefined,
      delivery as Parameters<typeof services.messages.deliver>[7],
    );
    return emailDelivery(email);
  };

  const update =
    (fallback: Route): Route =>
    async (ctx, req) => {
      const attributes = (req?.UserAttributes ?? []) as AttributeType[];
      const email = emailOf(attributes);
      if (email === undefined) return fallback(ctx, req);
      const { pool, user } = await callerOf(ctx, req.AccessToken);
      if (email === emailOf(user.Attributes)) return fallback(ctx, req);
      await assertFree(ctx, pool, user, email);
      if (!USER_POOL_SETTINGS.keepOriginalEmail) return fallback(ctx, req);
      // The other attributes change at once; the e-mail (and its verified flag) waits for the code.
      const others = attributes.filter((a) => a.Name !== 'email' && a.Name !== 'email_verified');
      if (others.length > 0) await fallback(ctx, { ...req, UserAttributes: others });
      const { user: current } = await callerOf(ctx, req.AccessToken);
      const waiting = {
        ...current,
        UserLastModifiedDate: services.clock.get(),
        UnverifiedAttributeChanges: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'false' },
        ],
      };
      await pool.saveUser(ctx, waiting);
      return {
        CodeDeliveryDetailsList: [await sendCode(ctx, pool, waiting, email, req.ClientMetadata)],
      };
    };

  /** The caller's e-mail change waiting for its code, when the request is about the e-mail. */
  const pendingFor = async (ctx: Context, req: Record<string, unknown>) => {
    if (req?.AttributeName !== 'email') return undefined;
    const { pool, user } = await callerOf(ctx, req.AccessToken);
    const email = pendingEmail(user);
    return email ? { pool, user, email } : undefined;
  };

  const resend =
    (fallback: Route): Route =>
    async (ctx, req) => {
      const pending = await pendingFor(ctx, req);
      if (!pending) return fallback(ctx, req);
      const { pool, user, email } = pending;
      return { CodeDeliveryDetails: await sendCode(ctx, pool, user, email, req.ClientMetadata) };
    };

  const verify =
    (fallback: Route): Route =>
    async (ctx, req) => {
      const pending = await pendingFor(ctx, req);
      if (!pending) return fallback(ctx, req);
      const { pool, user, email } = pending;
      if (!user.AttributeVerificationCode || req.Code !== user.AttributeVerificationCode) {
        throw new CodeMismatchError();
      }
      // Someone may have taken the address since the change was asked for.
      await assertFree(ctx, pool, user, email);
      return fallback(ctx, req); // cognito-local applies the waiting change, verified
    };

  const adminUpdate =
    (fallback: Route): Route =>
    async (ctx, req) => {
      const email = emailOf(req?.UserAttributes as AttributeType[] | undefined);
      if (email !== undefined) {
        const { pool, user } = await userFor(ctx, services, req);
        if (user) await assertFree(ctx, pool, user, email);
      }
      return fallback(ctx, req);
    };

  return (target) => {
    const fallback = base(target);
    if (target === 'UpdateUserAttributes') return update(fallback);
    if (target === 'GetUserAttributeVerificationCode') return resend(fallback);
    if (target === 'VerifyUserAttribute') return verify(fallback);
    if (target === 'AdminUpdateUserAttributes') return adminUpdate(fallback);
    return fallback;
  };
}
