import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from '../../core/sign-in-limits';
import { newUserRecord } from '../../core/user-record';
import { InMemoryAttemptLog } from '../adapters/testing/memory/attempt-log';
import { InMemoryDeviceProofs } from '../adapters/testing/memory/device-proofs';
import { InMemoryPhoneChanges } from '../adapters/testing/memory/phone-changes';
import { InMemorySessionRevocations } from '../adapters/testing/memory/session-revocations';
import { InMemoryUsersRepository } from '../adapters/testing/memory/users-repository';
import type { AccountIdentity } from '../ports/account-identity';
import { authorizerClaims } from '../shared/testing/authorizer-claims';
import { createAccountApi } from './app';
import { AccountService } from './service';

const NOW = Date.parse('2026-11-24T18:00:00Z');
const ann = {
  sub: 'sub-ann',
  email: 'ann@example.com',
  'cognito:username': 'uuid-ann',
  origin_jti: 'session-1',
};

function setup() {
  const clock = { ms: NOW };
  const sms: { to: string; text: string }[] = [];
  const identityCalls: unknown[][] = [];
  const identity: AccountIdentity = {
    signOutEverywhere: async (username) => void identityCalls.push(['signOut', username]),
    setVerifiedPhone: async (username, phone) =>
      void identityCalls.push(['setPhone', username, phone]),
  };
  const stores = {
    users: new InMemoryUsersRepository([
      {
        ...newUserRecord({
          email: 'ann@example.com',
          sub: 'sub-ann',
          phoneNumber: '+15550000001',
          createdAt: '2026-01-01T00:00:00.000Z',
        }),
        phoneVerified: true,
      },
    ]),
    revocations: new InMemorySessionRevocations(),
    devices: new InMemoryDeviceProofs(),
    attempts: new InMemoryAttemptLog(),
    phoneChanges: new InMemoryPhoneChanges(),
  };
  let codes = 0;
  const service = new AccountService({
    ...stores,
    identity,
    sms: { send: async (to, text) => void sms.push({ to, text }) },
    now: () => clock.ms,
    newCode: () => String(1000 + (codes += 1)),
  });
  const api = createAccountApi(service, stores.revocations, () => clock.ms);
  const call = async (
    resource: string,
    body: unknown,
    claims: Record<string, string> | null = ann,
    issuedAt = new Date(clock.ms),
    httpMethod = 'POST',
  ) => {
    const response = await api({
      httpMethod,
      resource,
      path: resource,
      headers: {},
      body: JSON.stringify(body),
      isBase64Encoded: false,
      queryStringParameters: null,
      pathParameters: null,
      requestContext: {
        authorizer: claims ? { claims: authorizerClaims(claims, issuedAt) } : null,
      },
    } as unknown as APIGatewayProxyEvent);
    return {
      status: response.statusCode,
      body: JSON.parse(response.body) as Record<string, unknown>,
    };
  };
  return { clock, sms, identityCalls, stores, call };
}

describe('account API: sign out', () => {
  it('ends this session: its tokens get 401 at once, another session of the user goes on', async () => {
    const { call, clock } = setup();
    const issued = new Date(NOW - 60_000);
    expect(await call('/sign-out', { scope: 'this-device' }, ann, issued)).toEqual({
      status: 200,
      body: { scope: 'this-device' },
    });
    clock.ms += 1_000;
    const again = await call('/sign-out', { scope: 'this-device' }, ann, issued);
    expect(again.status).toBe(401);
    const other = { ...ann, origin_jti: 'session-2' };
    expect((await call('/sign-out', { scope: 'this-device' }, other, issued)).status).toBe(200);
  });

  it('ends every session and forgets every device: older tokens get 401, newer ones pass', async () => {
    const { call, clock, identityCalls, stores } = setup();
    await stores.devices.remember(
      'sub-ann',
      { id: 'd', secretHash: 'h', createdAt: NOW - 5, expiresAt: NOW + 1e9 },
      10,
    );
    const before = new Date(NOW - 60_000);
    expect((await call('/sign-out', { scope: 'everywhere' }, ann, before)).status).toBe(200);
    expect(identityCalls).toEqual([['signOut', 'uuid-ann']]);
    expect(await stores.devices.find('sub-ann', 'd')).toBeUndefined();
    clock.ms += 5_000;
    const otherSession = { ...ann, origin_jti: 'session-9' };
    expect((await call('/sign-out', { scope: 'this-device' }, otherSession, before)).status).toBe(
      401,
    );
    const fresh = new Date(clock.ms);
    expect((await call('/sign-out', { scope: 'this-device' }, otherSession, fresh)).status).toBe(
      200,
    );
  });

  it('answers 400 naming the field for a bad scope, 401 without a token', async () => {
    const { call } = setup();
    const bad = await call('/sign-out', { scope: 'all' });
    expect(bad.status).toBe(400);
    expect(String(bad.body.message)).toMatch(/^scope: /);
    expect((await call('/sign-out', { scope: 'everywhere' }, null)).status).toBe(401);
  });
});

describe('account API: phone number change', () => {
  it('moves the number only once the code texted to the new number is entered', async () => {
    const { call, sms, stores, identityCalls } = setup();
    const started = await call('/phone', { phoneNumber: '+1 555 000 0002' });
    expect(started).toEqual({
      status: 200,
      body: { phone: '+*******0002', expiresAt: new Date(NOW + 600_000).toISOString() },
    });
    expect(sms).toEqual([
      {
        to: '+15550000002',
        text: 'Your StockScope code to confirm this phone number is 1001. It expires in 10 minutes.',
      },
    ]);
    // Unverified until the code: sign-in codes still go to the old number.
    expect((await stores.users.get('sub-ann'))?.phoneNumber).toBe('+15550000001');
    const wrong = await call('/phone/verify', { code: '9999' });
    expect(wrong).toEqual({
      status: 400,
      body: { message: 'code: The verification code you entered is invalid. Please try again.' },
    });
    expect((await stores.users.get('sub-ann'))?.phoneNumber).toBe('+15550000001');
    expect(await call('/phone/verify', { code: '1001' })).toEqual({
      status: 200,
      body: { phoneNumber: '+15550000002' },
    });
    expect(await stores.users.get('sub-ann')).toMatchObject({
      phoneNumber: '+15550000002',
      phoneVerified: true,
    });
    expect(identityCalls).toEqual([['setPhone', 'uuid-ann', '+15550000002']]);
    // The code is spent.
    expect((await call('/phone/verify', { code: '1001' })).status).toBe(400);
  });

  it('refuses an expired code, and sends within the same caps as sign-in codes', async () => {
    const { call, clock, sms } = setup();
    await call('/phone', { phoneNumber: '+15550000002' });
    clock.ms += 600_001;
    expect((await call('/phone/verify', { code: '1001' })).status).toBe(400);
    for (let i = 1; i < SIGN_IN_LIMITS.codeSends.limit; i += 1) {
      expect((await call('/phone', { phoneNumber: '+15550000002' })).status).toBe(200);
    }
    const capped = await call('/phone', { phoneNumber: '+15550000002' });
    expect(capped.status).toBe(429);
    expect(String(capped.body.message)).toMatch(/^Too many verification codes were sent/);
    expect(sms).toHaveLength(SIGN_IN_LIMITS.codeSends.limit);
  });

  it('answers 400 naming the field for a malformed number or code', async () => {
    const { call } = setup();
    const number = await call('/phone', { phoneNumber: '555-0100' });
    expect(number.status).toBe(400);
    expect(String(number.body.message)).toMatch(/^phoneNumber: /);
    const code = await call('/phone/verify', { code: '12' });
    expect(code.status).toBe(400);
    expect(String(code.body.message)).toMatch(/^code: /);
  });
});

describe('account API: preferences', () => {
  const put = (call: ReturnType<typeof setup>['call'], body: unknown, claims = ann) =>
    call('/preferences', body, claims, undefined, 'PUT');

  it('keeps the chosen Shariah standard on the record, the latest choice standing', async () => {
    const { call, stores } = setup();
    expect((await stores.users.get('sub-ann'))?.shariahStandard).toBeUndefined();
    expect(await put(call, { shariahStandard: 'msci' })).toEqual({
      status: 200,
      body: { shariahStandard: 'msci', verdictAlerts: true },
    });
    expect((await stores.users.get('sub-ann'))?.shariahStandard).toBe('msci');
    expect((await put(call, { shariahStandard: 'djim' })).status).toBe(200);
    expect((await stores.users.get('sub-ann'))?.shariahStandard).toBe('djim');
  });

  it('turns the verdict alerts off and on, leaving them as they are when not given', async () => {
    const { call, stores } = setup();
    expect(await put(call, { shariahStandard: 'sp', verdictAlerts: false })).toEqual({
      status: 200,
      body: { shariahStandard: 'sp', verdictAlerts: false },
    });
    expect((await stores.users.get('sub-ann'))?.verdictAlerts).toBe(false);
    expect((await put(call, { shariahStandard: 'msci' })).body).toEqual({
      shariahStandard: 'msci',
      verdictAlerts: false,
    });
    expect((await put(call, { shariahStandard: 'msci', verdictAlerts: true })).status).toBe(200);
    expect((await stores.users.get('sub-ann'))?.verdictAlerts).toBe(true);
    const bad = await put(call, { shariahStandard: 'msci', verdictAlerts: 'no' });
    expect(bad.status).toBe(400);
    expect(String(bad.body.message)).toMatch(/^verdictAlerts: must be true or false/);
  });

  it('answers 400 naming the field for an unknown standard or field, 404 without a record', async () => {
    const { call } = setup();
    const bad = await put(call, { shariahStandard: 'hanafi' });
    expect(bad.status).toBe(400);
    expect(String(bad.body.message)).toMatch(/^shariahStandard: /);
    expect((await put(call, { shariahStandard: 'sp', theme: 'dark' })).status).toBe(400);
    expect((await put(call, { shariahStandard: 'sp' }, { ...ann, sub: 'sub-nobody' })).status).toBe(
      404,
    );
  });
});
