import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { callerFrom } from './claims';
import { HttpError } from './http';

const event = (claims: Record<string, unknown> | undefined) =>
  ({
    requestContext: { authorizer: claims ? { claims } : null },
  }) as unknown as APIGatewayProxyEvent;

describe('callerFrom', () => {
  it('reads sub, lower-cased e-mail and groups in API Gateway string form', () => {
    expect(
      callerFrom(event({ sub: 's1', email: 'A@B.io', 'cognito:groups': 'admin,editor' })),
    ).toEqual({
      sub: 's1',
      email: 'a@b.io',
      groups: ['admin', 'editor'],
    });
    expect(
      callerFrom(event({ sub: 's1', email: 'a@b.io', 'cognito:groups': '[admin editor]' })).groups,
    ).toEqual(['admin', 'editor']);
    expect(
      callerFrom(event({ sub: 's1', email: 'a@b.io', 'cognito:groups': ['editor'] })).groups,
    ).toEqual(['editor']);
  });

  it('reads the directory user name when the token carries one', () => {
    const claims = { sub: 's1', email: 'a@b.io', 'cognito:username': 'uuid-1' };
    expect(callerFrom(event(claims)).username).toBe('uuid-1');
    expect(callerFrom(event({ ...claims, 'cognito:username': 7 }))).not.toHaveProperty('username');
  });

  it('refuses a request without claims with 401', () => {
    expect(() => callerFrom(event(undefined))).toThrow(HttpError);
    expect(() => callerFrom(event({ sub: 's1' }))).toThrowError('Unauthorized');
  });
});
