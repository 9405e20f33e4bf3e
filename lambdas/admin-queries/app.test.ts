import type { APIGatewayProxyEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyPermissionSet } from '../../core/permissions';
import type { UserRecord } from '../../core/user-record';
import {
  UnknownUserError,
  type DirectoryUser,
  type IdentityDirectory,
} from '../ports/identity-directory';
import type { UsersRepository } from '../ports/users-repository';
import { createAdminQueriesApi } from './app';

const user = (name: string, enabled = true): DirectoryUser => ({
  Username: name,
  Attributes: [{ Name: 'email', Value: `${name}@example.com` }],
  Enabled: enabled,
  UserStatus: 'CONFIRMED',
});

class FakeDirectory implements IdentityDirectory {
  users = [user('ann'), user('bob'), user('ed')];
  editors = ['ed'];
  async listUsers({ limit }: { limit: number }) {
    return { Users: this.users.slice(0, limit) };
  }
  async listUsersInGroup(_group: string) {
    return { Users: this.users.filter((u) => this.editors.includes(u.Username)) };
  }
  async enableUser(name: string) {
    this.set(name, true);
  }
  async disableUser(name: string) {
    this.set(name, false);
  }
  private set(name: string, enabled: boolean) {
    const at = this.users.findIndex((u) => u.Username === name);
    if (at === -1) throw new UnknownUserError(name);
    this.users[at] = { ...this.users[at]!, Enabled: enabled };
  }
}

class MemoryUsers implements UsersRepository {
  records = new Map<string, UserRecord>();
  async get(email: string) {
    return this.records.get(email.toLowerCase());
  }
  async put(record: UserRecord) {
    this.records.set(record.email, record);
  }
  async createIfAbsent(record: UserRecord) {
    if (this.records.has(record.email)) return false;
    this.records.set(record.email, record);
    return true;
  }
}

const admin = { sub: 'sub-admin', email: 'admin@example.com', 'cognito:groups': 'admin' };
const plain = { sub: 'sub-ann', email: 'ann@example.com' };
const editorClaims = { sub: 'sub-ed', email: 'ed@example.com', 'cognito:groups': 'editor' };

function call(
  method: string,
  resource: string,
  options: { claims?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
) {
  return api({
    httpMethod: method,
    resource,
    path: resource,
    headers: {},
    queryStringParameters: options.query ?? null,
    body: options.body === undefined ? null : JSON.stringify(options.body),
    isBase64Encoded: false,
    requestContext: { authorizer: options.claims ? { claims: options.claims } : null },
  } as unknown as APIGatewayProxyEvent);
}

let directory: FakeDirectory;
let users: MemoryUsers;
let api: ReturnType<typeof createAdminQueriesApi>;

beforeEach(() => {
  directory = new FakeDirectory();
  users = new MemoryUsers();
  void users.put({
    email: 'ed@example.com',
    sub: 'sub-ed',
    createdAt: '2025-01-01T00:00:00.000Z',
    subscription: null,
    permissionSet: { accessLevels: emptyPermissionSet() },
  });
  api = createAdminQueriesApi({ directory, users });
});

describe('AdminQueries (SPEC §6, §7)', () => {
  it('lists users with their attributes for an admin', async () => {
    const response = await call('GET', '/listUsers', { claims: admin });
    expect(response.statusCode).toBe(200);
    const body = JSON.parse(response.body) as { Users: DirectoryUser[] };
    expect(body.Users.map((u) => u.Username)).toEqual(['ann', 'bob', 'ed']);
    expect(body.Users[0]!.Attributes).toEqual([{ Name: 'email', Value: 'ann@example.com' }]);
  });

  it('refuses users and editors (403) and anonymous callers (401) on every route', async () => {
    for (const [method, resource] of [
      ['GET', '/listUsers'],
      ['GET', '/listUsersInGroup'],
      ['POST', '/enableUser'],
      ['POST', '/disableUser'],
      ['GET', '/editorPermissions'],
      ['PUT', '/editorPermissions'],
    ] as const) {
      for (const claims of [plain, editorClaims]) {
        const refused = await call(method, resource, { claims, body: { username: 'bob' } });
        expect(refused.statusCode, `${method} ${resource}`).toBe(403);
        expect(refused.body).not.toContain('@example.com');
      }
      expect((await call(method, resource)).statusCode).toBe(401);
    }
  });

  it('enables and disables users by username, 404 for unknown ones', async () => {
    expect(
      (await call('POST', '/disableUser', { claims: admin, body: { username: 'bob' } })).statusCode,
    ).toBe(200);
    expect(directory.users.find((u) => u.Username === 'bob')?.Enabled).toBe(false);
    expect(
      (await call('POST', '/enableUser', { claims: admin, body: { username: 'bob' } })).statusCode,
    ).toBe(200);
    expect(directory.users.find((u) => u.Username === 'bob')?.Enabled).toBe(true);
    expect(
      (await call('POST', '/enableUser', { claims: admin, body: { username: 'nobody' } }))
        .statusCode,
    ).toBe(404);
  });

  it('validates input with clear 400s and will not let an admin disable themselves', async () => {
    const noBody = await call('POST', '/disableUser', { claims: admin });
    expect(noBody.statusCode).toBe(400);
    const self = await call('POST', '/disableUser', {
      claims: admin,
      body: { username: 'admin@example.com' },
    });
    expect(self.statusCode).toBe(400);
    expect(JSON.parse(self.body).message).toBe('You cannot disable your own account');
    const group = await call('GET', '/listUsersInGroup', {
      claims: admin,
      query: { groupname: 'admin' },
    });
    expect(group.statusCode).toBe(400);
    expect(JSON.parse(group.body).message).toContain('editor');
    const limit = await call('GET', '/listUsers', { claims: admin, query: { limit: '500' } });
    expect(limit.statusCode).toBe(400);
  });

  it('lists editors with groupname=editor', async () => {
    const response = await call('GET', '/listUsersInGroup', {
      claims: admin,
      query: { groupname: 'editor' },
    });
    expect(JSON.parse(response.body).Users.map((u: DirectoryUser) => u.Username)).toEqual(['ed']);
  });

  it("reads and sets an editor's permission set, validated against the §3 shape", async () => {
    const set = emptyPermissionSet();
    const granted = { ...set, SHARIAH: { ...set.SHARIAH, read: ['ALL'] } };
    const put = await call('PUT', '/editorPermissions', {
      claims: admin,
      body: { email: 'ed@example.com', permissionSet: granted },
    });
    expect(put.statusCode).toBe(200);
    const read = await call('GET', '/editorPermissions', {
      claims: admin,
      query: { email: 'ed@example.com' },
    });
    expect(JSON.parse(read.body).permissionSet.accessLevels.SHARIAH.read).toEqual(['ALL']);
    const bad = await call('PUT', '/editorPermissions', {
      claims: admin,
      body: { email: 'ed@example.com', permissionSet: { STOCKS: {} } },
    });
    expect(bad.statusCode).toBe(400);
  });
});
