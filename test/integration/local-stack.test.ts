import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DeleteItemCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import { ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCKS_TABLE } from '../../core/tables';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/aws-local';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import { DEV_EXPIRE_PATH } from '../../infra/local/dev-identity';
import { identityClient } from '../../infra/local/identity/bootstrap';
import { fetchJwks } from '../../infra/local/jwt';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { createAccount, newAccount, uniqueEmail, uniquePhone } from '../support/accounts';
import { sharedStack } from '../support/shared-stack';
import { signIn } from '../support/sign-in';

/** A user of the file's own; the demo admin only as someone else to ask about. */
const demoUser = newAccount('stack-user');
const demoAdmin = DEMO_ACCOUNTS.find((a) => a.group === 'admin')!;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({
      host: hostname === 'localhost' ? '127.0.0.1' : hostname,
      port: Number(port),
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The embedded local stack as the test files share it (test/support/stack-global-setup.ts). */
describe('the embedded local stack', () => {
  const stack = sharedStack();
  const identityTarget = stack.target;
  let idToken = '';
  /** Who signs up (the trigger's test); the outbox test then texts their number. */
  const investor = { email: uniqueEmail('new-investor'), phone: uniquePhone() };

  beforeAll(async () => {
    await createAccount(stack.config, demoUser);
  });

  it('reports every component up on GET /api/health', async () => {
    const response = await fetch(`${stack.url}/api/health`);
    expect(response.status).toBe(200);
    const report = (await response.json()) as {
      status: string;
      components: Record<string, { status: string }>;
    };
    expect(report.status).toBe('up');
    expect(Object.keys(report.components).sort()).toEqual(['dynamodb', 'identity', 's3']);
    for (const component of Object.values(report.components)) expect(component.status).toBe('up');
  });

  it('writes and reads an item of the stocks table through the real DynamoDB SDK', async () => {
    const client = new DynamoDBClient({
      endpoint: stack.endpoints.dynamodb,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    });
    // Keys no stock has: the stocks table is the shared stack's.
    const key = { isin: { S: 'US0000000000' }, sk: { S: `TEST#integration-${uniquePhone()}` } };
    await client.send(
      new PutItemCommand({
        TableName: STOCKS_TABLE.localName,
        Item: { ...key, symbol: { S: 'TEST' } },
      }),
    );
    const read = await client.send(
      new GetItemCommand({ TableName: STOCKS_TABLE.localName, Key: key }),
    );
    expect(read.Item?.symbol?.S).toBe('TEST');
    await client.send(new DeleteItemCommand({ TableName: STOCKS_TABLE.localName, Key: key }));
    client.destroy();
  });

  it('signs a demo user in and the ID token verifies against the pool JWKS', async () => {
    idToken = (await signIn(identityTarget, demoUser.email, demoUser.password)).idToken;
    expect(idToken).not.toBe('');
    const issuer = `${stack.endpoints.identity}/${stack.pool.userPoolId}`;
    const verifier = JwtRsaVerifier.create({
      issuer,
      audience: stack.pool.clientId,
      jwksUri: `${issuer}/.well-known/jwks.json`,
    });
    // aws-jwt-verify fetches only over https; load the local pool's JWKS over http ourselves.
    verifier.cacheJwks(await fetchJwks(issuer));
    const payload = await verifier.verify(idToken);
    expect(payload.email).toBe(demoUser.email);
    expect(payload.token_use).toBe('id');
  });

  it('serves POST /api/subscription/user through the API Gateway adapter with the authorizer', async () => {
    const call = (token: string | undefined, body: unknown) =>
      fetch(`${stack.url}/api/subscription/user`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
        body: JSON.stringify(body),
      });

    const own = await call(idToken, { email: demoUser.email });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ email: demoUser.email, subscription: null });

    expect((await call(idToken, { email: demoAdmin.email })).status).toBe(403);
    expect((await call(undefined, { email: demoUser.email })).status).toBe(401);
    const [header, payload] = idToken.split('.');
    expect(
      (await call(`${header}.${payload}.forged-signature`, { email: demoUser.email })).status,
    ).toBe(401);

    const bad = await call(idToken, { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('Invalid email address');

    expect((await fetch(`${stack.url}/api/subscription/user`)).status).toBe(405);
    expect((await fetch(`${stack.url}/api/nowhere`)).status).toBe(404);
  });

  it('runs the post-confirmation trigger: a confirmed sign-up gets its users record', async () => {
    const identity = identityClient(stack.endpoints.identity);
    const { email } = investor;
    const password = 'New#Investor1';
    await identity.send(
      new SignUpCommand({
        ClientId: stack.pool.clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'phone_number', Value: investor.phone },
        ],
      }),
    );
    const code = (await stack.outbox.list()).find((m) => m.to === email)?.code;
    await identity.send(
      new ConfirmSignUpCommand({
        ClientId: stack.pool.clientId,
        Username: email,
        ConfirmationCode: code!,
      }),
    );
    identity.destroy();
    const { idToken: newcomer } = await signIn(identityTarget, email, password);
    const response = await fetch(`${stack.url}/api/subscription/user`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: newcomer,
      },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email, subscription: null });
    // The sign-up code is used and the sign-in done: the developer control finds nothing open.
    const expire = await fetch(`${stack.url}${DEV_EXPIRE_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(expire.status).toBe(404);
  });

  it('shows sent messages at /dev/outbox', async () => {
    // To a number of the test's own: a code sent to anyone's real number could be read as theirs.
    await stack.outbox.send({
      channel: 'sms',
      to: investor.phone,
      body: 'Your code is 4321',
      code: '4321',
    });
    const page = await fetch(`${stack.url}/dev/outbox`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('4321');
    const json = (await (await fetch(`${stack.url}/dev/outbox?format=json`)).json()) as {
      messages: { to: string; code?: string }[];
    };
    // Newest first: the message just sent, before the sign-up's verification e-mail (other
    // files' messages come and go between them on the shared stack).
    const sent = json.messages.findIndex((m) => m.to === investor.phone);
    expect(json.messages[sent]?.code).toBe('4321');
    expect(sent).toBeLessThan(json.messages.findIndex((m) => m.to === investor.email));
  });
});

/**
 * Stopping a stack, which the shared one must not be: a small stack of the test's own (its
 * universe's size does not matter here).
 */
describe('the embedded local stack, stopped', () => {
  let dataDir = '';
  let stack: LocalStack | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stockscope-stack-'));
    stack = await startLocalStack({ port: 0, dataDir, spa: 'none', demoCount: 5 });
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops every process and frees every port', async () => {
    const { childPids, endpoints, url } = stack!;
    expect(childPids.length).toBeGreaterThan(0);
    await stack!.stop();
    for (const pid of childPids) expect(isAlive(pid)).toBe(false);
    for (const endpoint of [url, endpoints.dynamodb, endpoints.identity, endpoints.s3]) {
      expect(await portAnswers(endpoint)).toBe(false);
    }
  });
});
