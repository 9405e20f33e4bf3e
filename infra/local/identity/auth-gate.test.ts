import type { Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import { describe, expect, it } from 'vitest';
import { withAuthGate } from './auth-gate';

/** One pool, two app clients (one as core/identity.ts sets it, one made without flows), two users. */
function setup() {
  const users = {
    ann: { Username: 'ann', Enabled: true, RefreshTokens: ['ann-refresh'] },
    off: { Username: 'off', Enabled: false, RefreshTokens: ['off-refresh'] },
  };
  const pool = {
    options: { Id: 'pool' },
    getUserByUsername: async (_ctx: Context, name: string) =>
      users[name as keyof typeof users] ?? null,
    getUserByRefreshToken: async (_ctx: Context, token: string) =>
      Object.values(users).find((u) => u.RefreshTokens.includes(token)) ?? null,
  };
  const clients: Record<string, object> = {
    web: {
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    },
    bare: {},
  };
  const services = {
    cognito: {
      getAppClient: async (_ctx: Context, id: string) => clients[id] ?? null,
      getUserPoolForClientId: async () => pool,
      getUserPool: async () => pool,
    },
  } as unknown as Services;
  const passed: string[] = [];
  const base: Router = (target) => async () => {
    passed.push(target);
    return { passed: target };
  };
  const gate = withAuthGate(base, services);
  const ctx = {} as Context;
  const call = (target: string, req: Record<string, unknown>) => gate(target)(ctx, req);
  return { call, passed };
}

const initiate = (
  ClientId: string,
  AuthFlow: string,
  AuthParameters: object = { USERNAME: 'ann' },
) => ({
  ClientId,
  AuthFlow,
  AuthParameters,
});

describe('the sign-in gate (app client flows, disabled users, answerable challenges)', () => {
  it('lets in the flows the client allows, and a client without a list gets Cognito’s default', async () => {
    const { call, passed } = setup();
    for (const flow of ['USER_SRP_AUTH', 'CUSTOM_AUTH']) {
      await call('InitiateAuth', initiate('web', flow));
      await call('InitiateAuth', initiate('bare', flow));
    }
    await call(
      'InitiateAuth',
      initiate('web', 'REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: 'ann-refresh' }),
    );
    expect(passed).toHaveLength(5);
  });

  it.each([
    ['InitiateAuth', 'USER_PASSWORD_AUTH', 'USER_PASSWORD_AUTH flow not enabled for this client'],
    ['InitiateAuth', 'USER_AUTH', 'USER_AUTH flow not enabled for this client'],
    ['InitiateAuth', 'ADMIN_USER_PASSWORD_AUTH', 'Initiate Auth method not supported.'],
    ['InitiateAuth', 'NO_SUCH_FLOW', 'Initiate Auth method not supported.'],
    ['InitiateAuth', '', 'Missing required parameter AuthFlow'],
    [
      'AdminInitiateAuth',
      'ADMIN_USER_PASSWORD_AUTH',
      'ADMIN_USER_PASSWORD_AUTH flow not enabled for this client',
    ],
    [
      'AdminInitiateAuth',
      'ADMIN_NO_SRP_AUTH',
      'ADMIN_NO_SRP_AUTH flow not enabled for this client',
    ],
  ])('%s %s: InvalidParameterException "%s"', async (target, flow, message) => {
    const { call, passed } = setup();
    await expect(call(target, initiate('web', flow))).rejects.toMatchObject({
      code: 'InvalidParameterException',
      message,
    });
    expect(passed).toEqual([]);
  });

  it('refuses an unknown app client', async () => {
    const { call } = setup();
    await expect(call('InitiateAuth', initiate('nope', 'USER_SRP_AUTH'))).rejects.toMatchObject({
      code: 'ResourceNotFoundException',
    });
  });

  it('refuses a disabled user in every flow, by name or as a refresh token’s holder', async () => {
    const { call, passed } = setup();
    const disabled = { code: 'NotAuthorizedException', message: 'User is disabled.' };
    for (const flow of ['USER_SRP_AUTH', 'CUSTOM_AUTH']) {
      await expect(
        call('InitiateAuth', initiate('web', flow, { USERNAME: 'off' })),
      ).rejects.toMatchObject(disabled);
    }
    const refresh = { REFRESH_TOKEN: 'off-refresh' };
    await expect(
      call('InitiateAuth', initiate('web', 'REFRESH_TOKEN_AUTH', refresh)),
    ).rejects.toMatchObject(disabled);
    await expect(
      call('GetTokensFromRefreshToken', { ClientId: 'web', RefreshToken: 'off-refresh' }),
    ).rejects.toMatchObject(disabled);
    expect(passed).toEqual([]);
    // An unknown name passes on: the flow itself answers it as Cognito does, after the proof.
    await call('InitiateAuth', initiate('web', 'USER_SRP_AUTH', { USERNAME: 'nobody' }));
    expect(passed).toEqual(['InitiateAuth']);
  });

  it('takes answers only to the challenges this pool asks', async () => {
    const { call, passed } = setup();
    for (const name of ['PASSWORD_VERIFIER', 'CUSTOM_CHALLENGE', 'NEW_PASSWORD_REQUIRED']) {
      await call('RespondToAuthChallenge', { ClientId: 'web', ChallengeName: name });
    }
    for (const name of [
      'SMS_MFA',
      'SOFTWARE_TOKEN_MFA',
      'SELECT_MFA_TYPE',
      'MFA_SETUP',
      'DEVICE_SRP_AUTH',
    ]) {
      await expect(
        call('RespondToAuthChallenge', { ClientId: 'web', ChallengeName: name }),
      ).rejects.toMatchObject({
        code: 'NotAuthorizedException',
        message: 'Invalid session for the user.',
      });
    }
    await expect(call('RespondToAuthChallenge', { ClientId: 'web' })).rejects.toMatchObject({
      code: 'InvalidParameterException',
    });
    expect(passed).toHaveLength(3);
  });

  it('leaves other operations alone', async () => {
    const { call } = setup();
    expect(await call('SignUp', {})).toEqual({ passed: 'SignUp' });
  });
});
