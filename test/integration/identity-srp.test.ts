import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import {
  ensureDemoAccount,
  ensureUserPool,
  identityClient,
  type LocalPool,
} from '../../infra/local/identity/bootstrap';
import {
  startIdentityServer,
  type RunningIdentityServer,
} from '../../infra/local/identity/cognito-local-server';
import { Outbox } from '../../infra/local/outbox';
import { freePort } from '../../infra/local/ports';

const account = DEMO_ACCOUNTS.find((a) => !a.group)!;

/** USER_SRP_AUTH against the local identity service, driven by Cognito's own JavaScript SDK. */
describe('local identity service: SRP sign-in', () => {
  let dir = '';
  let server: RunningIdentityServer;
  let pool: LocalPool;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stockscope-srp-'));
    server = await startIdentityServer({
      port: await freePort(),
      dataDir: join(dir, 'identity'),
      outbox: new Outbox(join(dir, 'outbox.jsonl')),
    });
    const client = identityClient(server.endpoint);
    pool = (await ensureUserPool(client, undefined)).pool;
    await ensureDemoAccount(client, pool.userPoolId, account);
    client.destroy();
  });

  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const signIn = (password: string) =>
    new Promise<CognitoUserSession>((resolve, reject) => {
      const userPool = new CognitoUserPool({
        UserPoolId: pool.userPoolId,
        ClientId: pool.clientId,
        endpoint: server.endpoint,
      });
      const user = new CognitoUser({ Username: account.email, Pool: userPool });
      user.setAuthenticationFlowType('USER_SRP_AUTH');
      user.authenticateUser(
        new AuthenticationDetails({ Username: account.email, Password: password }),
        {
          onSuccess: resolve,
          onFailure: reject,
        },
      );
    });

  it('signs in with the right password and returns tokens for the user', async () => {
    const session = await signIn(account.password);
    expect(session.getIdToken().payload.email).toBe(account.email);
    expect(session.getAccessToken().getJwtToken()).toMatch(/^ey/);
  });

  it('refuses a wrong password with NotAuthorizedException', async () => {
    await expect(signIn('Wrong#Pass2025')).rejects.toMatchObject({
      code: 'NotAuthorizedException',
    });
  });

  it('refuses a disabled user, and lets them in again once enabled', async () => {
    const client = identityClient(server.endpoint);
    await client.send(
      new AdminDisableUserCommand({ UserPoolId: pool.userPoolId, Username: account.email }),
    );
    await expect(signIn(account.password)).rejects.toMatchObject({
      code: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
    await expect(
      client.send(
        new InitiateAuthCommand({
          ClientId: pool.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'User is disabled.' });
    await client.send(
      new AdminEnableUserCommand({ UserPoolId: pool.userPoolId, Username: account.email }),
    );
    await expect(signIn(account.password)).resolves.toBeDefined();
    client.destroy();
  });

  it('enforces the pool password policy on sign-up', async () => {
    const client = identityClient(server.endpoint);
    await expect(
      client.send(
        new SignUpCommand({
          ClientId: pool.clientId,
          Username: 'weak@example.com',
          Password: 'weakpass1',
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
    client.destroy();
  });

  it('GlobalSignOut revokes the refresh token and earlier access tokens; forged tokens are refused', async () => {
    const client = identityClient(server.endpoint);
    const auth = await client.send(
      new InitiateAuthCommand({
        ClientId: pool.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
      }),
    );
    const { AccessToken, RefreshToken } = auth.AuthenticationResult!;
    const me = await client.send(new GetUserCommand({ AccessToken }));
    expect(me.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(account.email);
    const [header, payload] = AccessToken!.split('.');
    await expect(
      client.send(new GetUserCommand({ AccessToken: `${header}.${payload}.forged` })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    const refresh = () =>
      client.send(
        new InitiateAuthCommand({
          ClientId: pool.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: RefreshToken! },
        }),
      );
    // Refresh works until the global sign-out…
    expect((await refresh()).AuthenticationResult?.AccessToken).toMatch(/^ey/);

    await client.send(new GlobalSignOutCommand({ AccessToken }));
    await expect(client.send(new GetUserCommand({ AccessToken }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    // …and not after it.
    await expect(refresh()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    client.destroy();
  });
});
