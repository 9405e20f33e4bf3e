import {
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, type DemoAccount } from '../../infra/local/demo-accounts';
import { startTestIdentityService, type TestIdentityService } from '../support/identity-service';
import { signIn as signInWithCode } from '../support/sign-in';

const admin = DEMO_ACCOUNTS.find((a) => a.group === 'admin')!;
const mover: DemoAccount = {
  email: 'mover@example.com',
  password: 'Mover#Pass2025',
  phoneNumber: '+15550100009',
};
const NEW = 'moved@example.com';

/**
 * Changing one's e-mail as in the CDK pool (keepOriginal email): the old address stays in effect
 * until the code sent to the new one is entered.
 */
describe('local identity service: changing the e-mail', () => {
  let identity: TestIdentityService;

  beforeAll(async () => {
    identity = await startTestIdentityService([admin, mover]);
  });

  afterAll(async () => {
    await identity?.stop();
  });

  const signIn = (email: string) =>
    signInWithCode(identity.target, email, mover.password).then(
      (tokens) => tokens,
      () => undefined,
    );
  const emailOf = async (AccessToken: string) => {
    const me = await identity.client.send(new GetUserCommand({ AccessToken }));
    const value = (name: string) => me.UserAttributes?.find((a) => a.Name === name)?.Value;
    return { email: value('email'), verified: value('email_verified') };
  };
  const codeFor = async (to: string) =>
    (await identity.outbox.list()).find((m) => m.channel === 'email' && m.to === to)?.code;

  it('refuses another user’s address (in any case) and changes nothing', async () => {
    const { accessToken } = (await signIn(mover.email))!;
    for (const taken of [admin.email, admin.email.toUpperCase()]) {
      await expect(
        identity.client.send(
          new UpdateUserAttributesCommand({
            AccessToken: accessToken,
            UserAttributes: [{ Name: 'email', Value: taken }],
          }),
        ),
      ).rejects.toMatchObject({
        name: 'AliasExistsException',
        message: 'An account with the given email already exists.',
      });
    }
    expect(await emailOf(accessToken)).toEqual({ email: mover.email, verified: 'true' });
  });

  it('keeps the old address until the code sent to the new one is entered', async () => {
    const { accessToken } = (await signIn(mover.email))!;
    const asked = await identity.client.send(
      new UpdateUserAttributesCommand({
        AccessToken: accessToken,
        UserAttributes: [{ Name: 'email', Value: NEW }],
      }),
    );
    expect(asked.CodeDeliveryDetailsList).toEqual([
      { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'm***@e***' },
    ]);
    const first = await codeFor(NEW);
    expect(first).toMatch(/^\d{6}$/);
    // Nothing went to the old address; the old one is still the user's, verified.
    expect(await codeFor(mover.email)).toBeUndefined();
    expect(await emailOf(accessToken)).toEqual({ email: mover.email, verified: 'true' });
    expect(await signIn(mover.email)).toBeDefined();
    expect(await signIn(NEW)).toBeUndefined();

    // A new code goes to the new address too; the wrong one is refused.
    await identity.client.send(
      new GetUserAttributeVerificationCodeCommand({
        AccessToken: accessToken,
        AttributeName: 'email',
      }),
    );
    const code = (await codeFor(NEW))!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    await expect(
      identity.client.send(
        new VerifyUserAttributeCommand({
          AccessToken: accessToken,
          AttributeName: 'email',
          Code: wrongCode,
        }),
      ),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    expect(await emailOf(accessToken)).toEqual({ email: mover.email, verified: 'true' });

    await identity.client.send(
      new VerifyUserAttributeCommand({
        AccessToken: accessToken,
        AttributeName: 'email',
        Code: code,
      }),
    );
    expect(await emailOf(accessToken)).toEqual({ email: NEW, verified: 'true' });
    expect(await signIn(NEW)).toBeDefined();
    expect(await signIn(mover.email)).toBeUndefined();
  });
});
