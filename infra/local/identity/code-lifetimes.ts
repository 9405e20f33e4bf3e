import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { User } from 'cognito-local/lib/services/userPoolService';
import { ExpiredCodeError } from 'cognito-local/lib/errors';
import { userFor } from './user-lookup';
import { sameUsername, type UserExpiry } from './user-expiry';

/** Cognito's lifetimes: a sign-up confirmation code lasts 24 hours, a password-reset code 1 hour. */
export const SIGN_UP_CODE_TTL_MS = 24 * 60 * 60_000;
export const RESET_CODE_TTL_MS = 60 * 60_000;

/** The operations that send a code, and those that consume one, with the code's lifetime. */
const ISSUERS: Readonly<Record<string, number>> = {
  SignUp: SIGN_UP_CODE_TTL_MS,
  ResendConfirmationCode: SIGN_UP_CODE_TTL_MS,
  ForgotPassword: RESET_CODE_TTL_MS,
};
const CONSUMERS: Readonly<Record<string, number>> = {
  ConfirmSignUp: SIGN_UP_CODE_TTL_MS,
  ConfirmForgotPassword: RESET_CODE_TTL_MS,
};

/** The user's current code (cognito-local keeps one per user) and when it was sent. */
interface Issued {
  readonly poolId: string;
  readonly username: string;
  readonly code: string;
  readonly at: number;
  readonly lifetime: number;
}

/**
 * Codes that expire, as Cognito's do (cognito-local keeps them forever): a confirmation or reset
 * whose code has outlived its lifetime is refused with ExpiredCodeException. Only a user's current
 * code is remembered — forgotten once used, replaced or found stale — so what the developer
 * control counts is what the user could still type. Issue times live in memory; a code issued
 * before a restart counts from the user record's last change, which is never earlier than the
 * code, so a restart can only lengthen a code's life, never cut it short.
 */
export function withCodeLifetimes(base: Router, services: Services, expiry: UserExpiry): Router {
  const issued = new Map<string, Issued>();
  const key = (poolId: string, username: string) => `${poolId}\u0000${username.toLowerCase()}`;
  const now = () => services.clock.get().getTime();

  /** Forgets expired entries whose code is no longer the user's (the only ones worth a lookup). */
  const sweep = async (ctx: Context) => {
    for (const [id, entry] of issued) {
      if (now() - entry.at <= entry.lifetime) continue;
      const { user } = await userFor(ctx, services, {
        UserPoolId: entry.poolId,
        Username: entry.username,
      }).catch(() => ({ user: null }));
      if (user?.ConfirmationCode !== entry.code) issued.delete(id);
    }
  };

  const issue =
    (fallback: Route, lifetime: number): Route =>
    async (ctx, req) => {
      const before = (await userFor(ctx, services, req)).user?.ConfirmationCode;
      const result = await fallback(ctx, req);
      const { pool, user } = await userFor(ctx, services, req);
      const code = user?.ConfirmationCode;
      // Only a new code starts a life: a simulated answer (unknown or disabled user) sends none.
      if (user && code && code !== before) {
        const poolId = pool.options.Id;
        const entry = { poolId, username: user.Username, code, at: now(), lifetime };
        issued.set(key(poolId, user.Username), entry);
      }
      await sweep(ctx);
      return result;
    };

  const issuedAt = (poolId: string, user: User, code: string): number => {
    const known = issued.get(key(poolId, user.Username));
    return known?.code === code ? known.at : new Date(user.UserLastModifiedDate).getTime();
  };

  const consume =
    (fallback: Route, lifetime: number): Route =>
    async (ctx, req) => {
      const { pool, user } = await userFor(ctx, services, req);
      const code = req?.ConfirmationCode as unknown;
      // Only the right code can be expired; a wrong one stays a mismatch, as in Cognito.
      const current = user && typeof code === 'string' && user.ConfirmationCode === code;
      if (current && now() - issuedAt(pool.options.Id, user, code) > lifetime) {
        throw new ExpiredCodeError();
      }
      const result = await fallback(ctx, req);
      if (current) issued.delete(key(pool.options.Id, user.Username)); // used up
      return result;
    };

  expiry.add({
    expireForUser(user) {
      let count = 0;
      for (const [id, entry] of issued) {
        if (!sameUsername(entry.username, user.Username)) continue;
        if (entry.code !== user.ConfirmationCode) {
          issued.delete(id); // replaced or used: nothing the user could still type
        } else if (now() - entry.at <= entry.lifetime) {
          issued.set(id, { ...entry, at: now() - entry.lifetime - 1 });
          count += 1;
        }
      }
      return count;
    },
  });

  return (target) => {
    const fallback = base(target);
    const issues = ISSUERS[target];
    if (issues !== undefined) return issue(fallback, issues);
    const consumes = CONSUMERS[target];
    return consumes === undefined ? fallback : consume(fallback, consumes);
  };
}
