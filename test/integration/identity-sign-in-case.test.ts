import {
  AdminGetUserCommand,
  ForgotPasswordCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import { startTestIdentityService, type TestIdentityService } from '../support/identity-service';
import { signIn } from '../support/sign-in';

const user = DEMO_ACCOUNTS.find((a) => !a.group)!;

/** The pool signs e-mails in in any case (CDK: signInCaseSensitive false), as Cognito does. */
describe('local identity service: e-mails in any case', () => {
  let identity: TestIdentityService;

  beforeAll(async () => {
    identity = await startTestIdentityService([user]);
  });

  afterAll(async () => {
    await identity?.stop();
  });

  it("signs 'USER@stockscope.local' in as the demo user, with SRP as the SPA does", async () => {
    const { idToken } = await signIn(identity.target, 'USER@stockscope.local', user.password);
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as {
      email?: string;
    };
    expect(claims.email).toBe(user.email);
    await expect(
      signIn(identity.target, 'User@StockScope.Local', 'Wrong#Pass2025'),
    ).rejects.toMatchObject({ code: 'NotAuthorizedException' });
  });

  it('finds the user in any case for the other operations, and refuses a second account', async () => {
    const { client, pool } = identity;
    const found = await client.send(
      new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: user.email.toUpperCase() }),
    );
    expect(found.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(user.email);
    await expect(
      client.send(
        new SignUpCommand({
          ClientId: pool.clientId,
          Username: 'User@StockScope.local',
          Password: 'Other#Pass2025',
          UserAttributes: [{ Name: 'email', Value: 'User@StockScope.local' }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'UsernameExistsException' });
    await client.send(
      new ForgotPasswordCommand({ ClientId: pool.clientId, Username: 'USER@STOCKSCOPE.LOCAL' }),
    );
    const sent = (await identity.outbox.list())[0];
    expect(sent).toMatchObject({ channel: 'email', to: user.email });
  });
});
