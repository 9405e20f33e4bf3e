import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { callerFrom, claimTime } from './claims';
import { HttpError } from './http';

const event = (claims: Record<string, unknown> | undefined) =>
  ({
    requestContext: { authorizer: claims ? { claims } : null },
  }) as unknown as APIGatewayProxyEvent;

// How API Gateway's REST Cognito authorizer renders iat.
const iat = 'Tue Nov 24 18:10:15 UTC 2026';
const base = { iat, email_verified: 'true' };

describe('callerFrom', () => {
  it('reads sub, lower-cased e-mail, groups in API Gateway string form, and when the token was issued', () => {
    expect(
      callerFrom(event({ ...base, sub: 's1', email: 'A@B.io', 'cognito:groups': 'admin,editor' })),
    ).toEqual({
      sub: 's1',
      email: 'a@b.io',
      emailVerified: true,
      groups: ['admin', 'editor'],
      issuedAt: Date.parse('2026-11-24T18:10:15Z'),
    });
    expect(
      callerFrom(event({ ...base, sub: 's1', email: 'a@b.io', 'cognito:groups': '[admin editor]' }))
        .groups,
    ).toEqual(['admin', 'editor']);
    expect(
      callerFrom(event({ ...base, sub: 's1', email: 'a@b.io', 'cognito:groups': ['editor'] }))
        .groups,
    ).toEqual(['editor']);
  });

  it('reads the directory user name and the session (origin_jti) when the token carries them', () => {
    const claims = { ...base, sub: 's1', email: 'a@b.io', 'cognito:username': 'uuid-1' };
    expect(callerFrom(event(claims)).username).toBe('uuid-1');
    expect(callerFrom(event({ ...claims, 'cognito:username': 7 }))).not.toHaveProperty('username');
    expect(callerFrom(event({ ...claims, origin_jti: 'o-1' })).originJti).toBe('o-1');
  });

  it('says whether the token vouches for the e-mail', () => {
    const claims = { iat, sub: 's1', email: 'a@b.io' };
    expect(callerFrom(event(claims)).emailVerified).toBe(false);
    expect(callerFrom(event({ ...claims, email_verified: 'false' })).emailVerified).toBe(false);
    expect(callerFrom(event({ ...claims, email_verified: true })).emailVerified).toBe(true);
    expect(callerFrom(event({ iat, sub: 's1', email_verified: 'true' })).emailVerified).toBe(false);
  });

  it('refuses a request without claims, a sub or an issue time with 401', () => {
    expect(() => callerFrom(event(undefined))).toThrow(HttpError);
    expect(() => callerFrom(event({ iat }))).toThrowError('Unauthorized');
    expect(() => callerFrom(event({ sub: 's1' }))).toThrowError('Unauthorized');
    expect(() => callerFrom(event({ sub: 's1', iat: 'yesterday' }))).toThrowError('Unauthorized');
  });
});

describe('claimTime', () => {
  it('reads epoch seconds and the REST authorizer’s date strings alike', () => {
    expect(claimTime('1795543815')).toBe(1_795_543_815_000);
    expect(claimTime(1_795_543_815)).toBe(1_795_543_815_000);
    expect(claimTime(iat)).toBe(1_795_543_815_000);
    expect(claimTime('')).toBeNaN();
    expect(claimTime(undefined)).toBeNaN();
  });
});
