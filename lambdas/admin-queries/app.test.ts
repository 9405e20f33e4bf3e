import type { APIGatewayProxyEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyPermissionSet } from '../../core/permissions';
import type { UserRecord } from '../../core/user-record';
import {
  UnknownUserError,
  type DirectoryUser,
  type IdentityDirectory,
} from '../ports/identity-directory';
import type { UsersRepository } from '../ports/users-repository';
import { createAdminQueriesApi } from './app';
import { ADMIN_QUERIES_ROUTES } from './routes';

const user = (name: string, enabled = true): DirectoryUser => ({
  Username: name,
  Attributes: [
    { Name: 'sub', Value: `sub-${name}` },
    { Name: 'email', Value: `${name}@example.com` },
  ],
  Enabled: enabled,
  UserStatus: 'CONFIRMED',
  UserCreateDate: '2025-01-01T00:00:00.000Z',
  UserLastModifiedDate: '2025-01-02T00:00:00.000Z',
});

/** A directory in memory that records what it was asked (paging, group). */
class FakeDirectory implements IdentityDirectory {
  users = [user('ann'), user('bob'), user('ed')];
  editors = ['ed'];
  calls: string[] = [];
  async listUsers({ limit, token }: { limit: number; token?: string }) {
    this.calls.push(`listUsers ${limit} ${token ?? '-'}`);
    const from = token ? Number(token) : 0;
    const next = from + limit < this.users.length ? String(from + limit) : undefined;
    return { Users: this.users.slice(from, from + limit), ...(next && { NextToken: next }) };
  }
  async listUsersInGroup(group: string, { limit, token }: { limit: number; token?: string }) {
    this.calls.push(`listUsersInGroup ${group} ${limit} ${token ?? '-'}`);
    return { Users: this.users.filter((u) => this.editors.includes(u.Username)) };
  }
  async enableUser(name: string) {
    this.calls.push(`enableUser ${name}`);
    this.set(name, true);
  }
  async disableUser(name: string) {
    this.calls.push(`disableUser ${name}`);
    this.set(name, false);
  }
  enabled(name: string) {
    return this.users.find((u) => u.Username === name)?.Enabled;
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

const admin = {
  sub: 'sub-admin',
  email: 'admin@example.com',
  'cognito:username': 'uuid-admin',
  'cognito:groups': '[admin]',
};
const plain = { sub: 'sub-ann', email: 'ann@example.com' };
const editorClaims = { sub: 'sub-ed', email: 'ed@example.com', 'cognito:groups': 'editor' };
const lookalike = { sub: 'sub-x', email: 'x@example.com', 'cognito:groups': 'administrators' };

interface CallOptions {
  claims?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
}

function call(method: string, resource: string, options: CallOptions = {}) {
  const body =
    options.rawBody ?? (options.body === undefined ? null : JSON.stringify(options.body));
  return api({
    httpMethod: method,
    resource,
    path: resource,
    headers: {},
    queryStringParameters: options.query ?? null,
    body,
    isBase64Encoded: false,
    requestContext: { authorizer: options.claims ? { claims: options.claims } : null },
  } as unknown as APIGatewayProxyEvent);
}

let directory: FakeDirectory;
let users: MemoryUsers;
let api: ReturnType<typeof createAdminQueriesApi>;

beforeEach(async () => {
  directory = new FakeDirectory();
  users = new MemoryUsers();
  const base = { createdAt: '2025-01-01T00:00:00.000Z', subscription: null };
  await users.put({ ...base, email: 'ann@example.com', sub: 'sub-ann' });
  await users.put({
    ...base,
    email: 'ed@example.com',
    sub: 'sub-ed',
    permissionSet: { accessLevels: emptyPermissionSet() },
  });
  api = createAdminQueriesApi({ directory, users });
});

describe('AdminQueries: who may call (SPEC §6)', () => {
  const requests: [string, string, CallOptions][] = [
    ['GET', '/listUsers', {}],
    ['GET', '/listUsersInGroup', { query: { groupname: 'editor' } }],
    ['POST', '/enableUser', { body: { username: 'bob' } }],
    ['POST', '/disableUser', { body: { username: 'bob' } }],
    ['GET', '/editorPermissions', { query: { email: 'ed@example.com' } }],
    [
      'PUT',
      '/editorPermissions',
      { body: { email: 'ed@example.com', permissionSet: emptyPermissionSet() } },
    ],
  ];

  it('covers every route of the table', () => {
    expect(requests.map(([m, r]) => `${m} ${r}`).sort()).toEqual(
      ADMIN_QUERIES_ROUTES.map((r) => `${r.method} ${r.resource}`).sort(),
    );
  });

  it.each(requests)(
    '%s %s: 403 for users, editors and look-alike groups; 401 without claims',
    async (method, resource, options) => {
      for (const claims of [plain, editorClaims, lookalike]) {
        const refused = await call(method, resource, { ...options, claims });
        expect(refused.statusCode).toBe(403);
        expect(JSON.parse(refused.body)).toEqual({ message: 'Admin access required' });
      }
      const anonymous = await call(method, resource, options);
      expect(anonymous.statusCode).toBe(401);
      expect(JSON.parse(anonymous.body)).toEqual({ message: 'Unauthorized' });
      // Refused before any lookup or change: nothing to leak, nothing changed.
      expect(directory.calls).toEqual([]);
      expect(directory.enabled('bob')).toBe(true);
    },
  );

  it('accepts the admin group however the authorizer spells the list', async () => {
    for (const groups of ['admin', '[admin editor]', 'editor,admin']) {
      const claims = { ...admin, 'cognito:groups': groups };
      expect((await call('GET', '/listUsers', { claims })).statusCode).toBe(200);
    }
  });
});

describe('GET /listUsers', () => {
  it('lists users with their attributes, status and dates', async () => {
    const response = await call('GET', '/listUsers', { claims: admin });
    expect(response.statusCode).toBe(200);
    const body = JSON.parse(response.body) as { Users: DirectoryUser[]; NextToken?: string };
    expect(body.Users.map((u) => u.Username)).toEqual(['ann', 'bob', 'ed']);
    expect(body.Users[0]).toEqual(user('ann'));
    expect(body.NextToken).toBeUndefined();
    expect(directory.calls).toEqual(['listUsers 60 -']);
  });

  it('pages with limit and token, handing back NextToken', async () => {
    const first = await call('GET', '/listUsers', { claims: admin, query: { limit: '2' } });
    const page = JSON.parse(first.body) as { Users: DirectoryUser[]; NextToken: string };
    expect(page.Users.map((u) => u.Username)).toEqual(['ann', 'bob']);
    const second = await call('GET', '/listUsers', {
      claims: admin,
      query: { limit: '2', token: page.NextToken },
    });
    expect(JSON.parse(second.body)).toEqual({ Users: [user('ed')] });
    expect(directory.calls).toEqual(['listUsers 2 -', 'listUsers 2 2']);
  });
});

describe('GET /listUsersInGroup', () => {
  it('lists editors with groupname=editor', async () => {
    const response = await call('GET', '/listUsersInGroup', {
      claims: admin,
      query: { groupname: 'editor' },
    });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ Users: [user('ed')] });
    expect(directory.calls).toEqual(['listUsersInGroup editor 60 -']);
  });
});

describe('POST /enableUser and /disableUser', () => {
  it('disables and enables a user by username', async () => {
    const disabled = await call('POST', '/disableUser', {
      claims: admin,
      body: { username: 'bob' },
    });
    expect(disabled.statusCode).toBe(200);
    expect(directory.enabled('bob')).toBe(false);
    const enabled = await call('POST', '/enableUser', { claims: admin, body: { username: 'bob' } });
    expect(enabled.statusCode).toBe(200);
    expect(directory.enabled('bob')).toBe(true);
  });

  it('answers 404 for an unknown username', async () => {
    for (const resource of ['/enableUser', '/disableUser']) {
      const response = await call('POST', resource, {
        claims: admin,
        body: { username: 'nobody' },
      });
      expect(response.statusCode).toBe(404);
      expect(JSON.parse(response.body)).toEqual({ message: 'User not found' });
    }
  });

  it.each(['admin@example.com', 'ADMIN@Example.com', 'sub-admin', 'uuid-admin'])(
    'will not let an admin disable themselves (%s)',
    async (username) => {
      const response = await call('POST', '/disableUser', { claims: admin, body: { username } });
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body)).toEqual({
        message: 'You cannot disable your own account',
      });
      expect(directory.calls).toEqual([]);
    },
  );
});

describe('GET and PUT /editorPermissions (§3 permission set)', () => {
  const set = emptyPermissionSet();
  const granted = {
    ...set,
    SHARIAH: { ...set.SHARIAH, read: ['ALL'] },
    STOCKS: { ...set.STOCKS, update: ['US0378331005'] },
  };

  it("reads an editor's set, null for a user without one, 404 for an unknown e-mail", async () => {
    const editor = await call('GET', '/editorPermissions', {
      claims: admin,
      query: { email: 'ED@example.com' },
    });
    expect(JSON.parse(editor.body)).toEqual({
      email: 'ed@example.com',
      permissionSet: { accessLevels: emptyPermissionSet() },
    });
    const plainUser = await call('GET', '/editorPermissions', {
      claims: admin,
      query: { email: 'ann@example.com' },
    });
    expect(JSON.parse(plainUser.body)).toEqual({ email: 'ann@example.com', permissionSet: null });
    const unknown = await call('GET', '/editorPermissions', {
      claims: admin,
      query: { email: 'nobody@example.com' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('stores a valid set and keeps the rest of the record', async () => {
    const put = await call('PUT', '/editorPermissions', {
      claims: admin,
      body: { email: 'ed@example.com', permissionSet: granted },
    });
    expect(put.statusCode).toBe(200);
    expect(await users.get('ed@example.com')).toEqual({
      email: 'ed@example.com',
      sub: 'sub-ed',
      createdAt: '2025-01-01T00:00:00.000Z',
      subscription: null,
      permissionSet: { accessLevels: granted },
    });
    const read = await call('GET', '/editorPermissions', {
      claims: admin,
      query: { email: 'ed@example.com' },
    });
    expect(JSON.parse(read.body).permissionSet.accessLevels).toEqual(granted);
  });

  it('answers 404 when no users record exists for the e-mail, writing nothing', async () => {
    const put = vi.spyOn(users, 'put');
    const response = await call('PUT', '/editorPermissions', {
      claims: admin,
      body: { email: 'nobody@example.com', permissionSet: granted },
    });
    expect(response.statusCode).toBe(404);
    expect(put).not.toHaveBeenCalled();
  });
});

describe('AdminQueries: bad input is a 400 with a clear message', () => {
  const setWithout = (key: string) =>
    Object.fromEntries(Object.entries(emptyPermissionSet()).filter(([k]) => k !== key));

  it.each<[string, string, CallOptions, string]>([
    [
      'GET',
      '/listUsers',
      { query: { limit: '0' } },
      'limit: limit must be a whole number from 1 to 60',
    ],
    [
      'GET',
      '/listUsers',
      { query: { limit: '61' } },
      'limit: limit must be a whole number from 1 to 60',
    ],
    [
      'GET',
      '/listUsers',
      { query: { limit: '2.5' } },
      'limit: limit must be a whole number from 1 to 60',
    ],
    ['GET', '/listUsers', { query: { token: '' } }, 'token: token cannot be empty'],
    ['GET', '/listUsers', { query: { page: '2' } }, 'Unrecognized key: "page"'],
    ['GET', '/listUsersInGroup', {}, 'groupname: groupname must be "editor"'],
    [
      'GET',
      '/listUsersInGroup',
      { query: { groupname: 'admin' } },
      'groupname: groupname must be "editor"',
    ],
    ['POST', '/enableUser', {}, 'A JSON request body is required'],
    ['POST', '/enableUser', { rawBody: '{' }, 'The request body is not valid JSON'],
    ['POST', '/enableUser', { body: {} }, 'username: username is required'],
    ['POST', '/disableUser', { body: { username: '   ' } }, 'username: username is required'],
    [
      'POST',
      '/disableUser',
      { body: { username: 'x'.repeat(129) } },
      'username: username is too long',
    ],
    ['GET', '/editorPermissions', {}, 'email: Email address is required.'],
    ['GET', '/editorPermissions', { query: { email: 'nope' } }, 'email: Invalid email address'],
    [
      'PUT',
      '/editorPermissions',
      { body: { email: 'ed@example.com' } },
      'permissionSet: Expected a permission set with STOCKS, SHEETS, ANALYST, DESCRIPTION, SHARIAH and USERS',
    ],
    [
      'PUT',
      '/editorPermissions',
      { body: { email: 'ed@example.com', permissionSet: setWithout('USERS') } },
      'permissionSet.USERS: Expected read, create, update and delete lists',
    ],
    [
      'PUT',
      '/editorPermissions',
      {
        body: {
          email: 'ed@example.com',
          permissionSet: {
            ...emptyPermissionSet(),
            STOCKS: { read: 'ALL', create: [], update: [], delete: [] },
          },
        },
      },
      'permissionSet.STOCKS.read: Expected a list of item identifiers',
    ],
    [
      'PUT',
      '/editorPermissions',
      {
        body: {
          email: 'ed@example.com',
          permissionSet: { ...emptyPermissionSet(), SHARIAH: { ...emptyPermissionSet().STOCKS } },
        },
      },
      'permissionSet.SHARIAH.GENERAL: GENERAL must be true',
    ],
  ])('%s %s %j → %s', async (method, resource, options, expected) => {
    const response = await call(method, resource, { ...options, claims: admin });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ message: expected });
    expect(directory.calls).toEqual([]);
  });
});
