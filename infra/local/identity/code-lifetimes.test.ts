import type { Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { User } from 'cognito-local/lib/services/userPoolService';
import { describe, expect, it } from 'vitest';
import { RESET_CODE_TTL_MS, SIGN_UP_CODE_TTL_MS, withCodeLifetimes } from './code-lifetimes';
import { UserExpiry } from './user-expiry';

const HOUR = 60 * 60_000;

/**
 * A user pool of one user behind a base router that behaves as cognito-local does: the issuing
 * operations store a fresh code on the user, the confirming ones compare it and clear it; a
 * "silent" resend stands for a simulated answer, which sends no code.
 */
function setup() {
  const clock = { ms: 0, get: () => new Date(clock.ms) };
  const user = {
    Username: 'uuid-1',
    UserLastModifiedDate: new Date(0),
    ConfirmationCode: undefined as string | undefined,
  };
  let next = 1000;
  const pool = {
    options: { Id: 'pool-1' },
    getUserByUsername: async (_ctx: Context, name: string) =>
      name === 'ann@example.com' || name === 'uuid-1' ? user : null,
  };
  const services = {
    clock,
    cognito: { getUserPoolForClientId: async () => pool, getUserPool: async () => pool },
  } as unknown as Services;
  const base: Router = (target) => async (_ctx, req) => {
    if (req.silent) return {};
    if (['SignUp', 'ResendConfirmationCode', 'ForgotPassword'].includes(target)) {
      user.ConfirmationCode = String((next += 1));
      user.UserLastModifiedDate = clock.get();
      return {};
    }
    if (req.ConfirmationCode === user.ConfirmationCode) user.ConfirmationCode = undefined;
    return { confirmed: target };
  };
  const expiry = new UserExpiry();
  const router = withCodeLifetimes(base, services, expiry);
  const ctx = {} as Context;
  const call = (target: string, req: Record<string, unknown> = {}) =>
    router(target)(ctx, { ClientId: 'client', Username: 'ann@example.com', ...req });
  const expireFor = (username: string) =>
    expiry.expireForUser({ ...user, Username: username } as unknown as User);
  return { clock, user, expireFor, call };
}

describe('code lifetimes (Cognito: sign-up codes 24 h, reset codes 1 h)', () => {
  it('accepts a sign-up code for 24 hours and refuses it as expired after', async () => {
    const late = setup();
    await late.call('SignUp');
    late.clock.ms = SIGN_UP_CODE_TTL_MS + 1;
    await expect(
      late.call('ConfirmSignUp', { ConfirmationCode: late.user.ConfirmationCode }),
    ).rejects.toMatchObject({
      code: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
    const inTime = setup();
    await inTime.call('SignUp');
    inTime.clock.ms = SIGN_UP_CODE_TTL_MS;
    await expect(
      inTime.call('ConfirmSignUp', { ConfirmationCode: inTime.user.ConfirmationCode }),
    ).resolves.toEqual({ confirmed: 'ConfirmSignUp' });
  });

  it('gives a resent code a life of its own', async () => {
    const { clock, user, call } = setup();
    await call('SignUp');
    clock.ms = 23 * HOUR;
    await call('ResendConfirmationCode');
    clock.ms = 30 * HOUR;
    await expect(
      call('ConfirmSignUp', { ConfirmationCode: user.ConfirmationCode }),
    ).resolves.toBeDefined();
  });

  it('refuses a reset code after 1 hour', async () => {
    const { clock, user, call } = setup();
    await call('ForgotPassword');
    clock.ms = RESET_CODE_TTL_MS + 1;
    await expect(
      call('ConfirmForgotPassword', { ConfirmationCode: user.ConfirmationCode }),
    ).rejects.toMatchObject({ code: 'ExpiredCodeException' });
  });

  it('leaves a wrong code to the base (a mismatch, not "expired")', async () => {
    const { clock, call } = setup();
    await call('SignUp');
    clock.ms = 2 * SIGN_UP_CODE_TTL_MS;
    await expect(call('ConfirmSignUp', { ConfirmationCode: 'nope' })).resolves.toEqual({
      confirmed: 'ConfirmSignUp',
    });
  });

  it('after a restart counts from the user record’s last change', async () => {
    for (const [age, expired] of [
      [RESET_CODE_TTL_MS, false],
      [RESET_CODE_TTL_MS + 1, true],
    ] as const) {
      const { clock, user, call } = setup();
      user.ConfirmationCode = '4242';
      user.UserLastModifiedDate = new Date(10 * HOUR);
      clock.ms = 10 * HOUR + age;
      const confirm = call('ConfirmForgotPassword', { ConfirmationCode: '4242' });
      if (expired) await expect(confirm).rejects.toMatchObject({ code: 'ExpiredCodeException' });
      else await expect(confirm).resolves.toBeDefined();
    }
  });

  it('does not restart a code’s life on an answer that sent no code', async () => {
    const { clock, user, call } = setup();
    await call('SignUp');
    clock.ms = 23 * HOUR;
    await call('ResendConfirmationCode', { silent: true });
    clock.ms = SIGN_UP_CODE_TTL_MS + 1;
    await expect(
      call('ConfirmSignUp', { ConfirmationCode: user.ConfirmationCode }),
    ).rejects.toMatchObject({ code: 'ExpiredCodeException' });
  });

  it('ages one user’s current code on the developer control', async () => {
    const { user, expireFor, call } = setup();
    await call('SignUp');
    await call('ResendConfirmationCode');
    expect(expireFor('someone-else')).toBe(0);
    expect(expireFor('UUID-1')).toBe(1);
    expect(expireFor('UUID-1')).toBe(0); // already past its life
    await expect(
      call('ConfirmSignUp', { ConfirmationCode: user.ConfirmationCode }),
    ).rejects.toMatchObject({ code: 'ExpiredCodeException' });
  });

  it('forgets a code once used: nothing is left to expire', async () => {
    const { user, expireFor, call } = setup();
    await call('SignUp');
    await call('ConfirmSignUp', { ConfirmationCode: user.ConfirmationCode });
    expect(expireFor('uuid-1')).toBe(0);
  });
});
