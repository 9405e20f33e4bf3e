import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoutes, Route } from '../../core/api/contract';
import { identityClient } from '../../infra/local/identity/bootstrap';
import { b64url, claimsOf } from '../support/forged-tokens';
import { sharedStack, signedInAccount } from '../support/shared-stack';

/** The private key cognito-local publishes inside its npm package: anyone can read it. */
async function publishedKey(): Promise<KeyObject> {
  const file = createRequire(import.meta.url).resolve(
    'cognito-local/lib/keys/cognitoLocal.private.json',
  );
  return createPrivateKey((JSON.parse(await readFile(file, 'utf8')) as { pem: string }).pem);
}

/** A JWT of `claims` signed with `key`, with the header the service's own tokens carry. */
function signedWith(key: KeyObject, claims: Record<string, unknown>, kid: string): string {
  const unsigned = `${b64url({ alg: 'RS256', typ: 'JWT', kid })}.${b64url(claims)}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), key).toString('base64url')}`;
}

const isRoutes = (value: unknown): value is ApiRoutes =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ApiRoutes).prefix === 'string' &&
  typeof (value as ApiRoutes).endpoints === 'object';

/**
 * Every route of every API contract in core/api (the tables the local gateway, the Lambdas and the
 * CDK routes are built from) that API Gateway's Cognito authorizer guards: an API or route added
 * there is in this list without anyone editing the test.
 */
async function protectedRoutes(): Promise<readonly { method: string; path: string }[]> {
  const dir = fileURLToPath(new URL('../../core/api/', import.meta.url));
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const routes = new Map<string, { method: string; path: string }>();
  for (const file of files) {
    const module = (await import(/* @vite-ignore */ `${dir}${file}`)) as Record<string, unknown>;
    for (const api of Object.values(module).filter(isRoutes)) {
      for (const route of Object.values(api.endpoints) as Route[]) {
        if (route.auth !== 'cognito') continue;
        // Any value for a {parameter}: the authorizer runs before the route's own checks.
        const path = `${api.prefix}${route.path.replace(/\{[^}]+\}/g, 'forged')}`;
        routes.set(`${route.method} ${path}`, { method: route.method, path });
      }
    }
  }
  return [...routes.values()];
}

/**
 * The identity service signs with a key pair made for this installation, never with the one
 * cognito-local publishes: an administrator's token signed with the published key — every claim
 * right, only the key wrong — is refused by every API that needs a signed-in user.
 */
describe('a token signed with the key cognito-local publishes', () => {
  const stack = sharedStack();
  let forgedId: string;
  let forgedAccess: string;
  /** The same administrator's claims, signed with this installation's key: the control. */
  let genuineId: string;
  let routes: readonly { method: string; path: string }[];

  beforeAll(async () => {
    const admin = await signedInAccount(stack, 'forged-key-admin', { group: 'admin' });
    const published = await publishedKey();
    const own = createPrivateKey(await readFile(stack.identitySigningKeyFile, 'utf8'));
    const kidOf = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string })
        .kid;
    const idClaims = claimsOf(admin.tokens.idToken);
    expect(idClaims['cognito:groups']).toEqual(['admin']);
    // The kid the service's tokens and its public JWKS name, as a forger copies it.
    const kid = kidOf(admin.tokens.idToken);
    forgedId = signedWith(published, idClaims, kid);
    forgedAccess = signedWith(published, claimsOf(admin.tokens.accessToken), kid);
    genuineId = signedWith(own, idClaims, kid);
    routes = await protectedRoutes();
  });

  const call = async (token: string, method: string, path: string) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        Authorization: token,
        ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(method === 'GET' ? {} : { body: '{}' }),
    });
    return { status: response.status, text: await response.text() };
  };
  const graphql = async (token: string) => {
    const response = await fetch(`${stack.url}/graphql`, {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    return { status: response.status, text: await response.text() };
  };

  it('finds the protected routes of every API (AdminQueries, subscription, account, …)', () => {
    const prefixes = new Set(routes.map((r) => r.path.split('/').slice(0, 3).join('/')));
    expect([...prefixes].sort()).toEqual(
      expect.arrayContaining(['/api/account', '/api/admin', '/api/subscription']),
    );
    expect(routes.length).toBeGreaterThan(20);
  });

  it('is refused with 401 by every protected REST route and by GraphQL, as ID or access token', async () => {
    const accepted: string[] = [];
    for (const { method, path } of routes) {
      for (const [what, token] of [
        ['ID token', forgedId],
        ['access token', forgedAccess],
      ] as const) {
        const { status, text } = await call(token, method, path);
        if (status !== 401) accepted.push(`${method} ${path} (${what}): ${status} ${text}`);
      }
    }
    for (const [what, token] of [
      ['ID token', forgedId],
      ['access token', forgedAccess],
    ] as const) {
      const { status, text } = await graphql(token);
      if (status !== 401) accepted.push(`POST /graphql (${what}): ${status} ${text}`);
    }
    expect(accepted).toEqual([]);
  });

  it('differs from a token the APIs take only by its key (the same claims, this installation’s key)', async () => {
    expect((await call(genuineId, 'GET', '/api/admin/listUsers')).status).toBe(200);
    expect((await graphql(genuineId)).status).toBe(200);
  });

  it('is refused by the identity service, and its JWKS does not name the published key', async () => {
    const identity = identityClient(stack.endpoints.identity);
    await expect(
      identity.send(new GetUserCommand({ AccessToken: forgedAccess })),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    identity.destroy();
    const jwks = (await (
      await fetch(`${stack.endpoints.identity}/${stack.pool.userPoolId}/.well-known/jwks.json`)
    ).json()) as { keys: { n: string }[] };
    const require = createRequire(import.meta.url);
    const { jwk } = require('cognito-local/lib/keys/cognitoLocal.public.json') as {
      jwk: { n: string };
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys.map((k) => k.n)).not.toContain(jwk.n);
  });
});
