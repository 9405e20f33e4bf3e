import type { APIGatewayProxyEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_GROUP, EDITOR_GROUP } from '../../core/constants';
import { ALL, emptyPermissionSet, type PermissionSet } from '../../core/permissions';
import { InMemoryIdentityDirectory } from '../adapters/testing/memory/identity-directory';
import { InMemorySessionRevocations } from '../adapters/testing/memory/session-revocations';
import { InMemoryUsersRepository, itemBytes } from '../adapters/testing/memory/users-repository';
import { authorizerClaims } from '../shared/testing/authorizer-claims';
import type { DirectoryUser, IdentityDirectory } from '../ports/identity-directory';
import { createAdminQueriesApi } from './app';
import { AUDIT_MAX_ENTRIES } from './permission-audit';
import { ADMIN_QUERIES_API } from '../../core/api/admin-queries';
import { routesOf } from '../../core/api/contract';

const ADMIN_QUERIES_ROUTES = routesOf(ADMIN_QUERIES_API);

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

/** The directory as the API sees it, recording every call (method and arguments) in `calls`. */
function recording(directory: IdentityDirectory, calls: unknown[][]): IdentityDirectory {
  return new Proxy(directory, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push([key, ...args]);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

const set = emptyPermissionSet();
const usersRead: PermissionSet = { ...set, USERS: { ...set.USERS, read: [ALL] } };

const admin = {
  sub: 'sub-admin',
  email: 'admin@example.com',
  'cognito:username': 'uuid-admin',
  'cognito:groups': '[admin]',
};
const plain = { sub: 'sub-ann', email: 'ann@example.com' };
const editorClaims = { sub: 'sub-ed', email: 'ed@example.com', 'cognito:groups': 'editor' };
/** An editor whose stored set grants USERS read. */
const readerClaims = { sub: 'sub-reader', email: 'reader@example.com', 'cognito:groups': 'editor' };
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
    requestContext: {
      authorizer: options.claims ? { claims: authorizerClaims(options.claims) } : null,
    },
  } as unknown as APIGatewayProxyEvent);
}

const NOW = new Date('2025-03-04T05:06:07.000Z');
const base = { createdAt: '2025-01-01T00:00:00.000Z', subscription: null };
let directory: InMemoryIdentityDirectory;
/** What the API asked the directory: [method, ...arguments]. */
let calls: unknown[][];
let users: InMemoryUsersRepository;
let revocations: InMemorySessionRevocations;
let api: ReturnType<typeof createAdminQueriesApi>;

const enabled = async (name: string) => (await directory.getUser(name)).Enabled;

beforeEach(() => {
  directory = new InMemoryIdentityDirectory(
    ['ann', 'bob', 'ed', 'reader', 'newed'].map((name) => ({
      user: user(name),
      groups: ['ed', 'reader', 'newed'].includes(name) ? [EDITOR_GROUP] : [],
    })),
  );
  calls = [];
  users = new InMemoryUsersRepository([
    { ...base, email: 'ann@example.com', sub: 'sub-ann' },
    { ...base, email: 'ed@example.com', sub: 'sub-ed', permissionSet: { accessLevels: set } },
    {
      ...base,
      email: 'reader@example.com',
      sub: 'sub-reader',
      permissionSet: { accessLevels: usersRead },
    },
  ]);
  revocations = new InMemorySessionRevocations();
  api = createAdminQueriesApi({
    directory: recording(directory, calls),
    users,
    revocations,
    clock: () => NOW,
  });
});

const parse = (response: { body: string }) => JSON.parse(response.body) as Record<string, unknown>;

describe('AdminQueries: who may call (SPEC §6)', () => {
  const adminOnly: [string, string, CallOptions][] = [
    ['GET', '/userCounts', {}],
    ['GET', '/listUsersInGroup', { query: { groupname: 'editor' } }],
    ['POST', '/enableUser', { body: { username: 'bob' } }],
    ['POST', '/disableUser', { body: { username: 'bob' } }],
    ['GET', '/editorPermissions', { query: { email: 'ed@example.com' } }],
    [
      'PUT',
      '/editorPermissions',
      { body: { email: 'ed@example.com', permissionSet: usersRead, version: 0 } },
    ],
  ];

  it('covers every route of the table', () => {
    expect(['GET /listUsers', ...adminOnly.map(([m, r]) => `${m} ${r}`)].sort()).toEqual(
      ADMIN_QUERIES_ROUTES.map((r) => `${r.method} ${r.resource}`).sort(),
    );
  });

  it.each(adminOnly)(
    '%s %s: 403 for users, editors (even with USERS read) and look-alike groups; 401 without claims',
    async (method, resource, options) => {
      for (const claims of [plain, editorClaims, readerClaims, lookalike]) {
        const refused = await call(method, resource, { ...options, claims });
        expect(refused.statusCode).toBe(403);
        expect(parse(refused)).toEqual({ message: 'Admin access required' });
      }
      const anonymous = await call(method, resource, options);
      expect(anonymous.statusCode).toBe(401);
      expect(parse(anonymous)).toEqual({ message: 'Unauthorized' });
      // Refused before any lookup or change: nothing to leak, nothing changed.
      expect(calls).toEqual([]);
      expect(await enabled('bob')).toBe(true);
      expect((await users.getPermissions('sub-ed'))?.version).toBe(0);
    },
  );

  it('accepts the admin group however the authorizer spells the list', async () => {
    for (const groups of ['admin', '[admin editor]', 'editor,admin']) {
      const claims = { ...admin, 'cognito:groups': groups };
      expect((await call('GET', '/listUsers', { claims })).statusCode).toBe(200);
    }
  });
});

describe('GET /listUsers: admins, and editors whose stored set grants USERS read', () => {
  const REFUSED = { message: 'Admin access or read permission on users required' };

  it('answers an editor with USERS read, looking the set up by the token’s sub', async () => {
    const get = vi.spyOn(users, 'get');
    const response = await call('GET', '/listUsers', { claims: readerClaims });
    expect(response.statusCode).toBe(200);
    expect((parse(response).Users as DirectoryUser[]).map((u) => u.Username)).toContain('ann');
    expect(get.mock.calls).toEqual([['sub-reader']]);
  });

  it('refuses editors without USERS read, with an empty set or none stored', async () => {
    await users.put({ ...base, email: 'newed@example.com', sub: 'sub-newed' });
    const newEditor = { sub: 'sub-newed', email: 'newed@example.com', 'cognito:groups': 'editor' };
    const unknownEditor = { sub: 's', email: 'ghost@example.com', 'cognito:groups': 'editor' };
    for (const claims of [editorClaims, newEditor, unknownEditor]) {
      const response = await call('GET', '/listUsers', { claims });
      expect(response.statusCode).toBe(403);
      expect(parse(response)).toEqual(REFUSED);
    }
    expect(calls).toEqual([]);
  });

  it('goes by the token’s groups and e-mail, never by the request', async () => {
    // A plain user whose table record carries USERS read (e.g. a demoted editor): still refused.
    await users.put({
      ...base,
      email: 'ann@example.com',
      sub: 'sub-ann',
      permissionSet: { accessLevels: usersRead },
    });
    for (const claims of [plain, lookalike]) {
      const response = await call('GET', '/listUsers', { claims });
      expect(response.statusCode).toBe(403);
      expect(parse(response)).toEqual(REFUSED);
    }
    // The editor without USERS read cannot borrow the reader's set through the query.
    const borrowed = await call('GET', '/listUsers', {
      claims: editorClaims,
      query: { email: 'reader@example.com' },
    });
    expect(borrowed.statusCode).toBe(403);
    expect(await call('GET', '/listUsers')).toMatchObject({ statusCode: 401 });
    expect(calls).toEqual([]);
  });

  it('lists users with their attributes, status and dates', async () => {
    const response = await call('GET', '/listUsers', { claims: admin });
    expect(response.statusCode).toBe(200);
    const body = parse(response) as { Users: DirectoryUser[]; NextToken?: string };
    expect(body.Users.map((u) => u.Username)).toEqual(['ann', 'bob', 'ed', 'reader', 'newed']);
    expect(body.Users[0]).toEqual(user('ann'));
    expect(body.NextToken).toBeUndefined();
    expect(calls).toEqual([['listUsers', { limit: 60 }]]);
  });

  it('pages with limit and token, handing back NextToken', async () => {
    const first = await call('GET', '/listUsers', { claims: admin, query: { limit: '3' } });
    const page = parse(first) as { Users: DirectoryUser[]; NextToken: string };
    expect(page.Users.map((u) => u.Username)).toEqual(['ann', 'bob', 'ed']);
    const second = await call('GET', '/listUsers', {
      claims: admin,
      query: { limit: '3', token: page.NextToken },
    });
    expect(parse(second)).toEqual({ Users: [user('reader'), user('newed')] });
    expect(calls).toEqual([
      ['listUsers', { limit: 3 }],
      ['listUsers', { limit: 3, token: page.NextToken }],
    ]);
  });

  it('answers a page token the directory refuses with 400, for both listings', async () => {
    for (const [resource, query] of [
      ['/listUsers', {}],
      ['/listUsersInGroup', { groupname: 'editor' }],
    ] as const) {
      const response = await call('GET', resource, {
        claims: admin,
        query: { ...query, token: 'not-a-token' },
      });
      expect(response.statusCode).toBe(400);
      expect(parse(response)).toEqual({
        message: 'token: the page token is not valid: load the list from the start',
      });
    }
  });

  it('finds the users whose e-mail contains the text anywhere, any case, trimmed', async () => {
    for (const claims of [admin, readerClaims]) {
      const response = await call('GET', '/listUsers', { claims, query: { email: ' ED@ ' } });
      expect(parse(response)).toEqual({ Users: [user('ed'), user('newed')] });
    }
    // The directory matches a prefix at most: its pages are read and matched here.
    expect(calls).toEqual([
      ['listUsers', { limit: 60 }],
      ['listUsers', { limit: 60 }],
    ]);
  });

  it('pages a search: each page ends at its last match, the token goes on from there', async () => {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const response = await call('GET', '/listUsers', {
        claims: admin,
        query: { email: 'D', limit: '2', ...(token && { token }) },
      });
      const page = parse(response) as { Users: DirectoryUser[]; NextToken?: string };
      expect(page.Users.length).toBeLessThanOrEqual(2);
      found.push(...page.Users.map((u) => u.Username));
      token = page.NextToken;
    } while (token);
    expect(found).toEqual(['ed', 'reader', 'newed']);
  });

  it('answers a search token that is not its own with 400', async () => {
    const response = await call('GET', '/listUsers', {
      claims: admin,
      query: { email: 'e', token: 'not-a-token' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /listUsersInGroup', () => {
  it('lists editors with groupname=editor', async () => {
    const response = await call('GET', '/listUsersInGroup', {
      claims: admin,
      query: { groupname: 'editor' },
    });
    expect(response.statusCode).toBe(200);
    expect(parse(response)).toEqual({ Users: [user('ed'), user('reader'), user('newed')] });
    expect(calls).toEqual([['listUsersInGroup', 'editor', { limit: 60 }]]);
  });

  it('pages the editor group with limit and token', async () => {
    const list = (query: Record<string, string>) =>
      call('GET', '/listUsersInGroup', { claims: admin, query: { groupname: 'editor', ...query } });
    const first = parse(await list({ limit: '2' })) as {
      Users: DirectoryUser[];
      NextToken: string;
    };
    expect(first.Users).toEqual([user('ed'), user('reader')]);
    expect(parse(await list({ limit: '2', token: first.NextToken }))).toEqual({
      Users: [user('newed')],
    });
  });
});

describe('GET /userCounts (the admin dashboard)', () => {
  it('counts the users, the editor group and the admin group, paging through each group', async () => {
    for (let i = 0; i < 61; i += 1) directory.add(user(`extra${i}`), [EDITOR_GROUP]);
    directory.add(user('boss'), [ADMIN_GROUP, EDITOR_GROUP]);
    const response = await call('GET', '/userCounts', { claims: admin });
    expect(response.statusCode).toBe(200);
    expect(parse(response)).toEqual({ users: 67, editors: 65, admins: 1 });
    // 65 editors: two pages of at most 60.
    expect(
      calls.filter(([method, group]) => method === 'listUsersInGroup' && group === 'editor'),
    ).toHaveLength(2);
  });
});

describe('POST /enableUser and /disableUser', () => {
  it('disables and enables a user by username', async () => {
    const disabled = await call('POST', '/disableUser', {
      claims: admin,
      body: { username: 'bob' },
    });
    expect(disabled.statusCode).toBe(200);
    expect(await enabled('bob')).toBe(false);
    const reenabled = await call('POST', '/enableUser', {
      claims: admin,
      body: { username: 'bob' },
    });
    expect(reenabled.statusCode).toBe(200);
    expect(await enabled('bob')).toBe(true);
  });

  it('answers 404 for an unknown username', async () => {
    for (const resource of ['/enableUser', '/disableUser']) {
      const response = await call('POST', resource, {
        claims: admin,
        body: { username: 'nobody' },
      });
      expect(response.statusCode).toBe(404);
      expect(parse(response)).toEqual({ message: 'User not found' });
    }
  });

  it.each(['admin@example.com', 'ADMIN@Example.com', 'sub-admin', 'uuid-admin'])(
    'will not let an admin disable themselves (%s)',
    async (username) => {
      const response = await call('POST', '/disableUser', { claims: admin, body: { username } });
      expect(response.statusCode).toBe(400);
      expect(parse(response)).toEqual({ message: 'You cannot disable your own account' });
      expect(calls).toEqual([]);
    },
  );
});

describe('GET and PUT /editorPermissions (§3 permission set, versioned and audited)', () => {
  const granted: PermissionSet = {
    ...set,
    SHARIAH: { ...set.SHARIAH, read: [ALL] },
    STOCKS: { ...set.STOCKS, update: ['US0378331005'] },
  };
  const get = async (email: string) =>
    parse(await call('GET', '/editorPermissions', { claims: admin, query: { email } }));
  const put = (email: string, permissionSet: PermissionSet, version: number, claims = admin) =>
    call('PUT', '/editorPermissions', { claims, body: { email, permissionSet, version } });

  it("reads an editor's set with version 0 and no change yet; null for a user without one", async () => {
    expect(await get('ED@example.com')).toEqual({
      email: 'ed@example.com',
      permissionSet: { accessLevels: set },
      version: 0,
      lastChange: null,
    });
    expect(await get('ann@example.com')).toEqual({
      email: 'ann@example.com',
      permissionSet: null,
      version: 0,
      lastChange: null,
    });
  });

  it('answers 404 for an e-mail neither the table nor the directory knows', async () => {
    const unknown = await call('GET', '/editorPermissions', {
      claims: admin,
      query: { email: 'nobody@example.com' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(parse(unknown)).toEqual({ message: 'User not found' });
  });

  it('names the admin by sub in the audit when the token does not vouch for its e-mail', async () => {
    const unverified = { ...admin, email: 'ed@example.com', email_verified: 'false' };
    const response = await put('ed@example.com', granted, 0, unverified);
    expect(response.statusCode).toBe(200);
    expect(parse(response)).toMatchObject({ lastChange: { by: 'sub-admin' } });
  });

  it('stores a set with the next version and an audit entry, keeping the rest of the record', async () => {
    const response = await put('ed@example.com', granted, 0);
    expect(response.statusCode).toBe(200);
    const lastChange = { by: 'admin@example.com', at: NOW.toISOString() };
    expect(parse(response)).toEqual({
      email: 'ed@example.com',
      permissionSet: { accessLevels: granted },
      version: 1,
      lastChange,
    });
    // The audit entry holds what changed, not the sets.
    const grantedChange = {
      ...lastChange,
      changes: {
        items: { STOCKS: { update: { added: ['US0378331005'], removed: [] } } },
        generalRead: { SHARIAH: true },
      },
    };
    expect(users.records.get('sub-ed')).toEqual({
      ...base,
      email: 'ed@example.com',
      sub: 'sub-ed',
      permissionSet: { accessLevels: granted },
      permissionVersion: 1,
      permissionAudit: [grantedChange],
    });
    expect(await get('ed@example.com')).toEqual({
      email: 'ed@example.com',
      permissionSet: { accessLevels: granted },
      version: 1,
      lastChange,
    });
    const second = await put('ed@example.com', usersRead, 1);
    expect(parse(second)).toMatchObject({ version: 2 });
    expect((await users.getPermissions('sub-ed'))?.audit).toEqual([
      grantedChange,
      {
        ...lastChange,
        changes: {
          items: { STOCKS: { update: { added: [], removed: ['US0378331005'] } } },
          generalRead: { SHARIAH: false, USERS: true },
        },
      },
    ]);
  });

  it('answers a stale version with 409 and loses nothing', async () => {
    expect((await put('ed@example.com', granted, 0)).statusCode).toBe(200);
    const stale = await put('ed@example.com', usersRead, 0);
    expect(stale.statusCode).toBe(409);
    expect(parse(stale).message).toMatch(/changed by someone else.*reload/);
    const ahead = await put('ed@example.com', usersRead, 7);
    expect(ahead.statusCode).toBe(409);
    expect(await get('ed@example.com')).toMatchObject({
      permissionSet: { accessLevels: granted },
      version: 1,
    });
    expect((await users.getPermissions('sub-ed'))?.audit).toHaveLength(1);
  });

  it('answers 409 when another write lands between the read and the conditional write', async () => {
    const read = users.getPermissions.bind(users);
    vi.spyOn(users, 'getPermissions').mockImplementationOnce(async (email) => {
      const before = await read(email);
      // Another admin saves right after this request read the record.
      await users.writePermissionSet(email, 0, {
        accessLevels: usersRead,
        version: 1,
        audit: [
          {
            by: 'other@example.com',
            at: NOW.toISOString(),
            changes: { items: {}, generalRead: { USERS: true } },
          },
        ],
      });
      return before;
    });
    const lost = await put('ed@example.com', granted, 0);
    expect(lost.statusCode).toBe(409);
    expect(await get('ed@example.com')).toMatchObject({
      permissionSet: { accessLevels: usersRead },
      version: 1,
      lastChange: { by: 'other@example.com' },
    });
  });

  it(`keeps the last ${AUDIT_MAX_ENTRIES} changes with the record`, async () => {
    for (let version = 0; version < AUDIT_MAX_ENTRIES + 2; version += 1) {
      expect(
        (await put('ed@example.com', version % 2 ? granted : usersRead, version)).statusCode,
      ).toBe(200);
    }
    const stored = await users.getPermissions('sub-ed');
    expect(stored?.version).toBe(AUDIT_MAX_ENTRIES + 2);
    expect(stored?.audit).toHaveLength(AUDIT_MAX_ENTRIES);
  });

  it('refuses a target outside the editor group with 400, writing nothing', async () => {
    const response = await put('ann@example.com', granted, 0);
    expect(response.statusCode).toBe(400);
    expect(parse(response)).toEqual({
      message: 'This account is not in the editor group: only editors have a permission set.',
    });
    expect((await users.get('sub-ann'))?.permissionSet).toBeUndefined();
  });

  it('answers 404 for an account the directory does not know, writing nothing', async () => {
    const response = await put('nobody@example.com', granted, 0);
    expect(response.statusCode).toBe(404);
    expect(await users.get('sub-nobody')).toBeUndefined();
  });

  it('creates the record of an editor made by an administrator from the directory', async () => {
    directory.add(
      {
        ...user('uuid-made'),
        Attributes: [
          { Name: 'sub', Value: 'sub-made' },
          { Name: 'email', Value: 'made@example.com' },
          { Name: 'phone_number', Value: '+15550100009' },
        ],
        UserCreateDate: '2025-02-03T04:05:06.000Z',
      },
      [EDITOR_GROUP],
    );
    expect(await get('made@example.com')).toEqual({
      email: 'made@example.com',
      permissionSet: null,
      version: 0,
      lastChange: null,
    });
    const response = await put('made@example.com', usersRead, 0);
    expect(response.statusCode).toBe(200);
    expect(await users.get('sub-made')).toEqual({
      email: 'made@example.com',
      sub: 'sub-made',
      phoneNumber: '+15550100009',
      createdAt: '2025-02-03T04:05:06.000Z',
      subscription: null,
      permissionSet: { accessLevels: usersRead },
    });
    expect(await users.getPermissions('sub-made')).toMatchObject({
      version: 1,
      audit: [{ changes: { items: {}, generalRead: { USERS: true } } }],
    });
    // Its new set now lets the editor list users.
    const listing = await call('GET', '/listUsers', {
      claims: { sub: 'sub-made', email: 'made@example.com', 'cognito:groups': 'editor' },
    });
    expect(listing.statusCode).toBe(200);
  });

  it('answers 413, not 500, when the record would outgrow the item limit, writing nothing', async () => {
    // Bounded sets never get there; the limit is lowered to reach this safety net.
    const stored = users.records.get('sub-ed')!;
    users = new InMemoryUsersRepository([stored], { maxItemBytes: itemBytes(stored) + 200 });
    api = createAdminQueriesApi({ directory, users, revocations, clock: () => NOW });
    const many = Array.from({ length: 40 }, (_, i) => `US${String(i).padStart(10, '0')}`);
    const response = await put(
      'ed@example.com',
      { ...set, STOCKS: { ...set.STOCKS, read: many } },
      0,
    );
    expect(response.statusCode).toBe(413);
    expect(parse(response)).toEqual({
      message:
        'The permission set and its history are too large to store: list fewer item identifiers.',
    });
    expect(users.records.get('sub-ed')).toEqual(stored);
  });
});

describe('AdminQueries: bad input is a 400 with a clear message', () => {
  const setWithout = (key: string) =>
    Object.fromEntries(Object.entries(emptyPermissionSet()).filter(([k]) => k !== key));
  const VERSION = 'version: version must be the whole number GET /editorPermissions answered';
  const ids = (count: number) => Array.from({ length: count }, (_, i) => `US${i}`);
  const body = (extra: Record<string, unknown>) => ({
    body: { email: 'ed@example.com', permissionSet: emptyPermissionSet(), version: 0, ...extra },
  });

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
    ['GET', '/listUsers', { query: { email: '  ' } }, 'email: email cannot be empty'],
    ['GET', '/listUsers', { query: { email: 'a'.repeat(129) } }, 'email: email is too long'],
    [
      'GET',
      '/listUsers',
      { query: { email: 'a\nb' } },
      'email: email cannot contain control characters',
    ],
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
      { body: { email: 'ed@example.com', version: 0 } },
      'permissionSet: Expected a permission set with STOCKS, SHEETS, ANALYST, DESCRIPTION, SHARIAH and USERS',
    ],
    [
      'PUT',
      '/editorPermissions',
      body({ permissionSet: setWithout('USERS') }),
      'permissionSet.USERS: Expected read, create, update and delete lists',
    ],
    [
      'PUT',
      '/editorPermissions',
      body({
        permissionSet: {
          ...emptyPermissionSet(),
          STOCKS: { read: 'ALL', create: [], update: [], delete: [] },
        },
      }),
      'permissionSet.STOCKS.read: Expected a list of item identifiers',
    ],
    [
      'PUT',
      '/editorPermissions',
      body({
        permissionSet: { ...emptyPermissionSet(), SHARIAH: { ...emptyPermissionSet().STOCKS } },
      }),
      'permissionSet.SHARIAH.GENERAL: GENERAL must be true',
    ],
    [
      'PUT',
      '/editorPermissions',
      body({
        permissionSet: {
          ...emptyPermissionSet(),
          STOCKS: { read: ids(600), create: [], update: ids(401), delete: [] },
        },
      }),
      'permissionSet: A permission set lists at most 1000 item identifiers in all',
    ],
    [
      'PUT',
      '/editorPermissions',
      body({
        permissionSet: {
          ...emptyPermissionSet(),
          SHEETS: { read: ['X'.repeat(33)], create: [], update: [], delete: [] },
        },
      }),
      'permissionSet.SHEETS.read.0: Item identifiers are at most 32 characters',
    ],
    [
      'PUT',
      '/editorPermissions',
      { body: { email: 'ed@example.com', permissionSet: emptyPermissionSet() } },
      VERSION,
    ],
    ['PUT', '/editorPermissions', body({ version: '1' }), VERSION],
    ['PUT', '/editorPermissions', body({ version: -1 }), VERSION],
    ['PUT', '/editorPermissions', body({ version: 1.5 }), VERSION],
  ])('%s %s %j → %s', async (method, resource, options, expected) => {
    const response = await call(method, resource, { ...options, claims: admin });
    expect(response.statusCode).toBe(400);
    expect(parse(response)).toEqual({ message: expected });
    expect(calls).toEqual([]);
  });
});
