import type { Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import { describe, expect, it } from 'vitest';
import { RESET_CODE_TTL_MS, SIGN_UP_CODE_TTL_MS, withCodeLifetimes } from './code-lifetimes';

const HOUR = 60 * 60_000;

/**
 * A user pool of one user behind a base router that behaves as cognito-local does: the issuing
 * operations store a fresh code on the user, the confirming ones compare it.
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
    cognito: { getUserPoolForClientId: async () => pool },
  } as unknown as Services;
  const base: Router = (target) => async () => {
    if (['SignUp', 'ResendConfirmationCode', 'ForgotPassword'].includes(target)) {
      user.ConfirmationCode = String((next += 1));
      user.UserLastModifiedDate = clock.get();
      return {};
    }
    return { confirmed: target };
  };
  const lifetimes = withCodeLifetimes(base, services);
  const ctx = {} as Context;
  const call = (target: string, req: Record<string, unknown> = {}) =>
    lifetimes.router(target)(ctx, { ClientId: 'client', Username: 'ann@example.com', ...req });
  return { clock, user, lifetimes, call };
}

describe('code lifetimes (Cognito: sign-up codes 24 h, reset codes 1 h)', () => {
  it('accepts a sign-up code for 24 hours and refuses it as expired after', async () => {
    const { clock, user, call } = setup();
    await call('SignUp');
    const code = user.ConfirmationCode;
    clock.ms = SIGN_UP_CODE_TTL_MS;
    await expect(call('ConfirmSignUp', { ConfirmationCode: code })).resolves.toEqual({
      confirmed: 'ConfirmSignUp',
    });
    clock.ms = SIGN_UP_CODE_TTL_MS + 1;
    await expect(call('ConfirmSignUp', { ConfirmationCode: code })).rejects.toMatchObject({
      code: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
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
    const { clock, user, call } = setup();
    user.ConfirmationCode = '4242';
    user.UserLastModifiedDate = new Date(10 * HOUR);
    clock.ms = 10 * HOUR + RESET_CODE_TTL_MS;
    await expect(
      call('ConfirmForgotPassword', { ConfirmationCode: '4242' }),
    ).resolves.toBeDefined();
    clock.ms += 1;
    await expect(call('ConfirmForgotPassword', { ConfirmationCode: '4242' })).rejects.toMatchObject(
      { code: 'ExpiredCodeException' },
    );
  });

  it('ages one user’s codes on the developer control', async () => {
    const { user, lifetimes, call } = setup();
    await call('SignUp');
    expect(lifetimes.expireForUser('someone-else')).toBe(0);
    expect(lifetimes.expireForUser('UUID-1')).toBe(1);
    await expect(
      call('ConfirmSignUp', { ConfirmationCode: user.ConfirmationCode }),
    ).rejects.toMatchObject({ code: 'ExpiredCodeException' });
  });
});
