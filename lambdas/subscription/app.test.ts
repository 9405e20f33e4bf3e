import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { emptyPermissionSet } from '../../core/permissions';
import type { UserRecord } from '../../core/user-record';
import type { UsersRepository } from '../ports/users-repository';
import { createSubscriptionApi } from './app';

const record: UserRecord = {
  email: 'ann@example.com',
  sub: 'sub-ann',
  createdAt: '2025-01-01T00:00:00.000Z',
  subscription: null,
};

class MemoryUsers implements UsersRepository {
  constructor(private readonly records: UserRecord[]) {}
  async get(email: string) {
    return this.records.find((r) => r.email === email.toLowerCase());
  }
  async put(next: UserRecord) {
    this.records.push(next);
  }
  async createIfAbsent(next: UserRecord) {
    if (await this.get(next.email)) return false;
    this.records.push(next);
    return true;
  }
}

const event = (
  body: string | null,
  claims?: Record<string, string>,
  resource = '/user',
): APIGatewayProxyEvent =>
  ({
    httpMethod: 'POST',
    resource,
    path: resource,
    body,
    isBase64Encoded: false,
    headers: {},
    requestContext: { authorizer: claims ? { claims } : null },
  }) as unknown as APIGatewayProxyEvent;

const editor: UserRecord = {
  email: 'ed@example.com',
  sub: 'sub-ed',
  createdAt: '2025-01-01T00:00:00.000Z',
  subscription: null,
  permissionSet: { accessLevels: emptyPermissionSet() },
};
const api = createSubscriptionApi({ users: new MemoryUsers([record, editor]) });
const ann = { sub: 'sub-ann', email: 'ann@example.com' };

describe('POST /user', () => {
  it("returns the caller's own record, whatever the e-mail's case", async () => {
    const response = await api(event(JSON.stringify({ email: 'Ann@Example.com' }), ann));
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual(record);
  });

  it("refuses another user's e-mail with 403", async () => {
    const response = await api(event(JSON.stringify({ email: 'bob@example.com' }), ann));
    expect(response.statusCode).toBe(403);
  });

  it('answers 401 without authorizer claims', async () => {
    expect((await api(event(JSON.stringify({ email: record.email })))).statusCode).toBe(401);
  });

  it.each([
    [null, 'A JSON request body is required'],
    ['{', 'The request body is not valid JSON'],
    ['{}', 'email: Email address is required.'],
    ['{"email":"nope"}', 'email: Invalid email address'],
  ])('answers 400 with a clear message for body %j', async (body, message) => {
    const response = await api(event(body, ann));
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ message });
  });

  it('answers 404 when the caller has no record yet', async () => {
    const response = await api(
      event(JSON.stringify({ email: 'new@example.com' }), { sub: 's', email: 'new@example.com' }),
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /permissions (§7 permission lookup by e-mail)', () => {
  const ed = { sub: 'sub-ed', email: 'ed@example.com' };

  it("returns an editor's own permissionSet.accessLevels", async () => {
    const response = await api(
      event(JSON.stringify({ email: 'ed@example.com' }), ed, '/permissions'),
    );
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({
      permissionSet: { accessLevels: emptyPermissionSet() },
    });
  });

  it('returns null for users without a set', async () => {
    const response = await api(
      event(JSON.stringify({ email: 'ann@example.com' }), ann, '/permissions'),
    );
    expect(JSON.parse(response.body)).toEqual({ permissionSet: null });
  });

  it("refuses another user's e-mail and anonymous callers", async () => {
    const other = await api(
      event(JSON.stringify({ email: 'ed@example.com' }), ann, '/permissions'),
    );
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('accessLevels');
    const anonymous = await api(
      event(JSON.stringify({ email: 'ed@example.com' }), undefined, '/permissions'),
    );
    expect(anonymous.statusCode).toBe(401);
  });
});
