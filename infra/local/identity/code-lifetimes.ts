import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { User } from 'cognito-local/lib/services/userPoolService';
import { ExpiredCodeError } from 'cognito-local/lib/errors';
import { sameUsername, type ExpiresForUser } from './user-expiry';

/** Cognito's lifetimes: a sign-up confirmation code lasts 24 hours, a password-reset code 1 hour. */
export const SIGN_UP_CODE_TTL_MS = 24 * 60 * 60_000;
export const RESET_CODE_TTL_MS = 60 * 60_000;

/** The operations that send a code, and those that consume one with the code's lifetime. */
const ISSUERS = new Set(['SignUp', 'ResendConfirmationCode', 'ForgotPassword']);
const LIFETIMES: Readonly<Record<string, number>> = {
  ConfirmSignUp: SIGN_UP_CODE_TTL_MS,
  ConfirmForgotPassword: RESET_CODE_TTL_MS,
};

interface Issued {
  readonly code: string;
  readonly at: number;
}

export interface CodeLifetimes extends ExpiresForUser {
  readonly router: Router;
}

/**
 * Codes that expire, as Cognito's do (cognito-local keeps them forever): a confirmation or reset
 * whose code has outlived its lifetime is refused with ExpiredCodeException. Issue times live in
 * memory; a code issued before a restart counts from the user record's last change, which is never
 * earlier than the code, so a restart can only lengthen a code's life, never cut it short.
 */
export function withCodeLifetimes(base: Router, services: Services): CodeLifetimes {
  const issued = new Map<string, Issued>();
  const key = (poolId: string, username: string) => `${poolId}\u0000${username.toLowerCase()}`;

  const poolFor = (ctx: Parameters<Route>[0], clientId: unknown) =>
    services.cognito.getUserPoolForClientId(ctx, String(clientId));

  const issue =
    (fallback: Route): Route =>
    async (ctx, req) => {
      const result = await fallback(ctx, req);
      const pool = await poolFor(ctx, req?.ClientId);
      const user = await pool.getUserByUsername(ctx, String(req?.Username));
      if (user?.ConfirmationCode) {
        issued.set(key(pool.options.Id, user.Username), {
          code: user.ConfirmationCode,
          at: services.clock.get().getTime(),
        });
      }
      return result;
    };

  const issuedAt = (poolId: string, user: User, code: string): number => {
    const known = issued.get(key(poolId, user.Username));
    return known?.code === code ? known.at : new Date(user.UserLastModifiedDate).getTime();
  };

  const consume =
    (fallback: Route, lifetime: number): Route =>
    async (ctx, req) => {
      const pool = await poolFor(ctx, req?.ClientId);
      const user = await pool.getUserByUsername(ctx, String(req?.Username));
      const code = req?.ConfirmationCode as unknown;
      // Only the right code can be expired; a wrong one stays a mismatch, as in Cognito.
      if (user && typeof code === 'string' && user.ConfirmationCode === code) {
        const age = services.clock.get().getTime() - issuedAt(pool.options.Id, user, code);
        if (age > lifetime) throw new ExpiredCodeError();
      }
      return fallback(ctx, req);
    };

  return {
    router: (target) => {
      const fallback = base(target);
      if (ISSUERS.has(target)) return issue(fallback);
      const lifetime = LIFETIMES[target];
      return lifetime === undefined ? fallback : consume(fallback, lifetime);
    },
    expireForUser(username) {
      const past = services.clock.get().getTime() - Math.max(...Object.values(LIFETIMES)) - 1;
      let count = 0;
      for (const [id, entry] of issued) {
        if (sameUsername(id.slice(id.indexOf('\u0000') + 1), username)) {
          issued.set(id, { ...entry, at: past });
          count += 1;
        }
      }
      return count;
    },
  };
}
