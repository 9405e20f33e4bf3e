import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  DescribeUserPoolCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
  UpdateUserPoolCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { AuthenticationDetails, CognitoUser, CognitoUserPool } from 'amazon-cognito-identity-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_POOL_SETTINGS } from '../../core/identity';
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
import { memoryStores } from '../../lambdas/auth-triggers/testing/memory-stores';
import { signIn as signInWithCode, type SignInTarget } from '../support/sign-in';

const account = DEMO_ACCOUNTS.find((a) => !a.group)!;

/**
 * The SRP password proof against the local identity service, driven by Cognito's own JavaScript
 * SDK: inside CUSTOM_WITH_SRP, the only password flow the app client allows (the code step that
 * follows is read from the outbox).
 */
describe('local identity service: SRP sign-in', () => {
  let dir = '';
  let server: RunningIdentityServer;
  let pool: LocalPool;
  let client: CognitoIdentityProviderClient;
  let target: SignInTarget;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stockscope-srp-'));
    const outbox = new Outbox(join(dir, 'outbox.jsonl'));
    server = await startIdentityServer({
      port: await freePort(),
      dataDir: join(dir, 'identity'),
      outbox,
      stores: memoryStores(),
    });
    client = identityClient(server.endpoint);
    pool = (await ensureUserPool(client, undefined)).pool;
    await ensureDemoAccount(client, pool.userPoolId, account);
    target = { endpoint: server.endpoint, ...pool, outbox };
  });

  afterAll(async () => {
    client?.destroy();
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const signIn = (password: string, email = account.email) =>
    signInWithCode(target, email, password);

  it('signs in with the right password and returns tokens for the user', async () => {
    const { idToken, accessToken } = await signIn(account.password);
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as {
      email?: string;
    };
    expect(payload.email).toBe(account.email);
    expect(accessToken).toMatch(/^ey/);
  });

  it('refuses a wrong password with NotAuthorizedException', async () => {
    await expect(signIn('Wrong#Pass2025')).rejects.toMatchObject({
      code: 'NotAuthorizedException',
    });
  });

  it('refuses a disabled user, and lets them in again once enabled', async () => {
    await client.send(
      new AdminDisableUserCommand({ UserPoolId: pool.userPoolId, Username: account.email }),
    );
    try {
      await expect(signIn(account.password)).rejects.toMatchObject({
        code: 'NotAuthorizedException',
        message: 'User is disabled.',
      });
    } finally {
      await client.send(
        new AdminEnableUserCommand({ UserPoolId: pool.userPoolId, Username: account.email }),
      );
    }
    await expect(signIn(account.password)).resolves.toBeDefined();
  });

  it('refuses the flows the app client does not allow, as Cognito does', async () => {
    const password = { USERNAME: account.email, PASSWORD: account.password };
    await expect(
      client.send(
        new InitiateAuthCommand({
          ClientId: pool.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: password,
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'USER_PASSWORD_AUTH flow not enabled for this client',
    });
    await expect(
      client.send(
        new AdminInitiateAuthCommand({
          UserPoolId: pool.userPoolId,
          ClientId: pool.clientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: password,
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'ADMIN_USER_PASSWORD_AUTH flow not enabled for this client',
    });
    await expect(
      client.send(
        new InitiateAuthCommand({
          ClientId: pool.clientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: password,
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'Initiate Auth method not supported.',
    });
  });

  it('answers a malformed SRP_A with 400 InvalidParameterException, never a 500', async () => {
    for (const srpA of ['zz', '0x1f', '12 34', '-1', 'f'.repeat(5_000)]) {
      const started = client.send(
        new InitiateAuthCommand({
          ClientId: pool.clientId,
          AuthFlow: 'CUSTOM_AUTH',
          AuthParameters: { USERNAME: account.email, SRP_A: srpA, CHALLENGE_NAME: 'SRP_A' },
        }),
      );
      await expect(started, srpA.slice(0, 8)).rejects.toMatchObject({
        name: 'InvalidParameterException',
        $metadata: { httpStatusCode: 400 },
      });
    }
  });

  it('refuses an answer to a challenge this pool never asks (MFA is off) or never opened', async () => {
    const answer = (ChallengeName: string, responses: Record<string, string>) =>
      client.send(
        new RespondToAuthChallengeCommand({
          ClientId: pool.clientId,
          ChallengeName: ChallengeName as 'SMS_MFA',
          Session: 'a-session-nobody-opened',
          ChallengeResponses: { USERNAME: account.email, ...responses },
        }),
      );
    for (const [name, responses] of [
      ['SMS_MFA', {}],
      ['SOFTWARE_TOKEN_MFA', { SOFTWARE_TOKEN_MFA_CODE: '000000' }],
      ['SELECT_MFA_TYPE', { ANSWER: 'SMS_MFA' }],
      ['NEW_PASSWORD_REQUIRED', { NEW_PASSWORD: 'Taken#Over2025' }],
    ] as const) {
      await expect(answer(name, responses), name).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Invalid session for the user.',
      });
    }
    // The password is the account's own still.
    await expect(signIn('Taken#Over2025')).rejects.toMatchObject({
      code: 'NotAuthorizedException',
    });
    await expect(signIn(account.password)).resolves.toBeDefined();
  });

  it('has an administrator-created user choose a password that meets the policy at first sign-in', async () => {
    const email = 'first.sign.in@example.com';
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: pool.userPoolId,
        Username: email,
        TemporaryPassword: 'Temp#Pass2025',
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'phone_number', Value: '+15550104444' },
        ],
      }),
    );
    const user = new CognitoUser({
      Username: email,
      Pool: new CognitoUserPool({
        UserPoolId: pool.userPoolId,
        ClientId: pool.clientId,
        endpoint: server.endpoint,
      }),
    });
    user.setAuthenticationFlowType('CUSTOM_AUTH');
    const challenged = await new Promise<Record<string, string>>((resolve, reject) =>
      user.authenticateUser(
        new AuthenticationDetails({ Username: email, Password: 'Temp#Pass2025' }),
        {
          onSuccess: () => reject(new Error('no challenge')),
          onFailure: reject,
          newPasswordRequired: resolve,
        },
      ),
    );
    expect(challenged.email).toBe(email);
    // After the new password, the server's code step, as for any sign-in.
    const choose = (password: string) =>
      new Promise<Record<string, string>>((resolve, reject) =>
        user.completeNewPasswordChallenge(
          password,
          {},
          {
            onSuccess: () => reject(new Error('tokens without the code step')),
            onFailure: reject,
            customChallenge: resolve,
          },
        ),
      );
    await expect(choose('weakpass1')).rejects.toMatchObject({
      code: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
    // A refused password leaves the session open for a better one, as in Cognito.
    expect(await choose('Chosen#Pass2025')).toMatchObject({ trigger: 'true' });
    const stored = await client.send(
      new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: email }),
    );
    expect(stored.UserStatus).toBe('CONFIRMED');
    await expect(signIn('Chosen#Pass2025', email)).resolves.toBeDefined();
  });

  it('enforces the pool password policy on sign-up', async () => {
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
  });

  it('brings an existing pool’s password policy back to core/identity.ts on start', async () => {
    await client.send(
      new UpdateUserPoolCommand({
        UserPoolId: pool.userPoolId,
        Policies: { PasswordPolicy: { MinimumLength: 6 } },
      }),
    );
    await ensureUserPool(client, pool);
    const described = await client.send(
      new DescribeUserPoolCommand({ UserPoolId: pool.userPoolId }),
    );
    const policy = USER_POOL_SETTINGS.passwordPolicy;
    expect(described.UserPool?.Policies?.PasswordPolicy).toMatchObject({
      MinimumLength: policy.minimumLength,
      RequireSymbols: policy.requireSymbols,
    });
    expect(described.UserPool?.MfaConfiguration).toBe(USER_POOL_SETTINGS.mfa);
  });

  it('GlobalSignOut revokes the refresh token and earlier access tokens; forged tokens are refused', async () => {
    const { accessToken: AccessToken, refreshToken } = await signIn(account.password);
    const me = await client.send(new GetUserCommand({ AccessToken }));
    expect(me.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(account.email);
    const [header, payload] = AccessToken.split('.');
    await expect(
      client.send(new GetUserCommand({ AccessToken: `${header}.${payload}.forged` })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    const refresh = () =>
      client.send(
        new InitiateAuthCommand({
          ClientId: pool.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: refreshToken },
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
  });
});
