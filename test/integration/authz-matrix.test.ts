import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import { identityClient } from '../../infra/local/identity/bootstrap';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';

type Principal = 'anonymous' | 'user' | 'editor' | 'admin' | 'expired' | 'forged';
type Expect = 200 | 400 | 401 | 403;

/**
 * Every AdminQueries endpoint and /user, /permissions × every kind of caller, over HTTP through
 * the local server (API Gateway authorizer emulation + the handlers' own checks). A refused call
 * must not leak anyone's data.
 */
describe('endpoint × principal matrix (AdminQueries, subscription)', () => {
  let dataDir = '';
  let stack: LocalStack;
  const tokens = new Map<Principal, string | undefined>();
  const account = (group: 'admin' | 'editor' | undefined) =>
    DEMO_ACCOUNTS.find((a) => a.group === group)!;

  const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const resign = (
    token: string,
    key: Parameters<typeof sign>[2],
    patch: Record<string, unknown>,
  ) => {
    const [header, payload] = token.split('.');
    const claims = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ...patch };
    const body = `${header}.${b64url(claims)}`;
    return `${body}.${sign('sha256', Buffer.from(body), key).toString('base64url')}`;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stockscope-authz-'));
    stack = await startLocalStack({ port: 0, dataDir, spa: 'none', demoCount: 5 });
    const identity = identityClient(stack.endpoints.identity);
    for (const [principal, group] of [
      ['user', undefined],
      ['editor', 'editor'],
      ['admin', 'admin'],
    ] as const) {
      const { email, password } = account(group);
      const auth = await identity.send(
        new InitiateAuthCommand({
          ClientId: stack.pool.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      tokens.set(principal, auth.AuthenticationResult?.IdToken);
    }
    identity.destroy();
    tokens.set('anonymous', undefined);
    // The identity service's real signing key, but the token expired an hour ago.
    const require = createRequire(import.meta.url);
    const keyFile = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
    const { pem } = JSON.parse(await readFile(keyFile, 'utf8')) as { pem: string };
    const past = Math.floor(Date.now() / 1000) - 3_600;
    tokens.set(
      'expired',
      resign(tokens.get('admin')!, createPrivateKey(pem), { iat: past - 3_600, exp: past }),
    );
    // A valid-looking admin token signed by somebody else's key.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    tokens.set('forged', resign(tokens.get('admin')!, privateKey, {}));
  });

  afterAll(async () => {
    await stack?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const admin = account('admin').email;
  const editor = account('editor').email;
  const user = account(undefined).email;
  const others = [admin, editor, user];

  const send = async (principal: Principal, method: string, path: string, body?: unknown) => {
    const token = tokens.get(principal);
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: token } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.text() };
  };

  const refusedFor = (allowed: Principal[]): Record<Principal, Expect> => ({
    anonymous: 401,
    expired: 401,
    forged: 401,
    user: allowed.includes('user') ? 200 : 403,
    editor: allowed.includes('editor') ? 200 : 403,
    admin: allowed.includes('admin') ? 200 : 403,
  });

  const cells: {
    method: string;
    path: string;
    body?: (p: Principal) => unknown;
    expect: Record<Principal, Expect>;
  }[] = [
    { method: 'GET', path: '/api/admin/listUsers', expect: refusedFor(['admin']) },
    {
      method: 'GET',
      path: '/api/admin/listUsersInGroup?groupname=editor',
      expect: refusedFor(['admin']),
    },
    {
      method: 'POST',
      path: '/api/admin/enableUser',
      body: () => ({ username: user }),
      expect: refusedFor(['admin']),
    },
    {
      method: 'POST',
      path: '/api/admin/disableUser',
      body: () => ({ username: 'nobody-such@stockscope.local' }),
      expect: { ...refusedFor([]), admin: 404 as Expect },
    },
    {
      method: 'GET',
      path: `/api/admin/editorPermissions?email=${encodeURIComponent(editor)}`,
      expect: refusedFor(['admin']),
    },
    // Own e-mail: every signed-in caller may read their own details and permissions.
    {
      method: 'POST',
      path: '/api/subscription/user',
      body: (p) => ({ email: ownEmail(p) }),
      expect: refusedFor(['user', 'editor', 'admin']),
    },
    {
      method: 'POST',
      path: '/api/subscription/permissions',
      body: (p) => ({ email: ownEmail(p) }),
      expect: refusedFor(['user', 'editor', 'admin']),
    },
    // Another user's e-mail: nobody may read it through these endpoints.
    {
      method: 'POST',
      path: '/api/subscription/user',
      body: (p) => ({ email: otherEmail(p) }),
      expect: refusedFor([]),
    },
    {
      method: 'POST',
      path: '/api/subscription/permissions',
      body: (p) => ({ email: otherEmail(p) }),
      expect: refusedFor([]),
    },
  ];

  function ownEmail(p: Principal): string {
    return p === 'user' ? user : p === 'editor' ? editor : admin;
  }
  function otherEmail(p: Principal): string {
    return p === 'user' ? editor : user;
  }

  it('answers each cell as SPEC §6 says and leaks nothing when it refuses', async () => {
    const failures: string[] = [];
    const principals: Principal[] = ['anonymous', 'user', 'editor', 'admin', 'expired', 'forged'];
    for (const cell of cells) {
      for (const principal of principals) {
        const { status, text } = await send(
          principal,
          cell.method,
          cell.path,
          cell.body?.(principal),
        );
        const expected = cell.expect[principal];
        const label = `${cell.method} ${cell.path} as ${principal}${cell.body ? ` ${JSON.stringify(cell.body(principal))}` : ''}`;
        if (status !== expected) failures.push(`${label}: ${status}, expected ${expected}`);
        if (status >= 400 && others.some((email) => text.includes(email))) {
          failures.push(`${label}: refused answer leaks an e-mail: ${text}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
