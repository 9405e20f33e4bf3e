import {
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { AuthenticationDetails, CognitoUser, CognitoUserPool } from 'amazon-cognito-identity-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import { COGNITO_CALL_QUOTAS } from '../../infra/local/identity/call-quotas';
import {
  ManualClock,
  startTestIdentityService,
  type TestIdentityService,
} from '../support/identity-service';
import { signIn as signInWithCode } from '../support/sign-in';

const user = DEMO_ACCOUNTS.find((a) => !a.group)!;
const editor = DEMO_ACCOUNTS.find((a) => a.group === 'editor')!;
const admin = DEMO_ACCOUNTS.find((a) => a.group === 'admin')!;
const WRONG = 'Wrong#Pass2025';

/** Cognito's limits on guessing passwords and reset codes, against the local identity service. */
describe('local identity service: attempt limits', () => {
  let identity: TestIdentityService;
  // The service's time moves only when the test says: a slow sign-in never outlasts a lock.
  const clock = new ManualClock();

  beforeAll(async () => {
    identity = await startTestIdentityService(DEMO_ACCOUNTS, { clock });
  });

  afterAll(async () => {
    await identity?.stop();
  });

  /** The error message a sign-in ends with, or 'signed in'. */
  const signIn = (email: string, password: string) =>
    signInWithCode(identity.target, email, password).then(
      () => 'signed in',
      (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`,
    );
  const wrong = 'NotAuthorizedException: Incorrect username or password.';
  const exceeded = 'NotAuthorizedException: Password attempts exceeded';

  /** The SPA's flow: CUSTOM_AUTH with the SRP password proof first (CUSTOM_WITH_SRP). */
  const customSignIn = (email: string, password: string) =>
    new Promise<string>((resolve) => {
      const cognitoUser = new CognitoUser({
        Username: email,
        Pool: new CognitoUserPool({
          UserPoolId: identity.pool.userPoolId,
          ClientId: identity.pool.clientId,
          endpoint: identity.server.endpoint,
        }),
      });
      cognitoUser.setAuthenticationFlowType('CUSTOM_AUTH');
      cognitoUser.authenticateUser(
        new AuthenticationDetails({ Username: email, Password: password }),
        {
          onSuccess: () => resolve('signed in'),
          customChallenge: () => resolve('code step'),
          onFailure: (error: { code?: string; message?: string }) =>
            resolve(`${error.code}: ${error.message}`),
        },
      );
    });

  it('locks a user out after five wrong passwords, for 1 s, then 2 s …, whatever password comes', async () => {
    for (let i = 1; i <= 5; i++)
      expect(`${i}: ${await signIn(user.email, WRONG)}`).toBe(`${i}: ${wrong}`);
    // Locked: even the right password is refused, in the SPA's flow too.
    expect(await signIn(user.email, user.password)).toBe(exceeded);
    expect(await customSignIn(user.email, user.password)).toBe(exceeded);
    // Other users are not.
    expect(await signIn(admin.email, admin.password)).toBe('signed in');
    clock.advance(1_000);
    // The first lock is over; the next failure locks for 2 s.
    expect(await signIn(user.email, WRONG)).toBe(wrong);
    expect(await signIn(user.email, user.password)).toBe(exceeded);
    clock.advance(1_999);
    expect(await signIn(user.email, user.password)).toBe(exceeded);
    clock.advance(1);
    expect(await signIn(user.email, user.password)).toBe('signed in');
    // A sign-in forgets the failures: one wrong password is just wrong again.
    expect(await signIn(user.email, WRONG)).toBe(wrong);
    expect(await signIn(user.email, user.password)).toBe('signed in');
  });

  it('counts wrong passwords in the SPA’s flow (CUSTOM_WITH_SRP) as well', async () => {
    for (let i = 1; i <= 5; i++) {
      expect(`${i}: ${await customSignIn(admin.email, WRONG)}`).toBe(`${i}: ${wrong}`);
    }
    expect(await customSignIn(admin.email, admin.password)).toBe(exceeded);
  });

  it('stops taking reset codes after five wrong ones, and a new code does not start over', async () => {
    const { client, pool, outbox } = identity;
    const forgot = () =>
      client.send(new ForgotPasswordCommand({ ClientId: pool.clientId, Username: editor.email }));
    const confirm = (code: string) =>
      client
        .send(
          new ConfirmForgotPasswordCommand({
            ClientId: pool.clientId,
            Username: editor.email,
            ConfirmationCode: code,
            Password: 'Reset#Pass2025',
          }),
        )
        .then(
          () => 'reset',
          (error: Error) => `${error.name}: ${error.message}`,
        );
    const latestCode = async () =>
      (await outbox.list()).find((m) => m.channel === 'email' && m.to === editor.email)?.code;
    const limited = 'LimitExceededException: Attempt limit exceeded, please try after some time.';

    await forgot();
    const code = (await latestCode())!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      expect(`${i}: ${await confirm(wrongCode)}`).toBe(
        `${i}: CodeMismatchException: Incorrect confirmation code`,
      );
    }
    expect(await confirm(code)).toBe(limited);
    await forgot();
    expect(await confirm((await latestCode())!)).toBe(limited);
    // The password is still the old one.
    expect(await signIn(editor.email, editor.password)).toBe('signed in');
  });
  it('holds sign-up code resends and confirmations, password changes and reset requests to Cognito’s per-user quotas', async () => {
    const { client, pool, outbox } = identity;
    const address = 'quota.newcomer@example.com';
    await client.send(
      new SignUpCommand({
        ClientId: pool.clientId,
        Username: address,
        Password: 'Quota#Passw0rd',
        UserAttributes: [
          { Name: 'email', Value: address },
          { Name: 'phone_number', Value: '+15550007777' },
        ],
      }),
    );
    const outcome = (call: Promise<unknown>) =>
      call.then(
        () => 'ok',
        (error: Error) => `${error.name}: ${error.message}`,
      );
    const limited = 'LimitExceededException: Attempt limit exceeded, please try after some time.';
    const resend = () =>
      outcome(
        client.send(
          new ResendConfirmationCodeCommand({ ClientId: pool.clientId, Username: address }),
        ),
      );
    const confirm = (code: string) =>
      outcome(
        client.send(
          new ConfirmSignUpCommand({
            ClientId: pool.clientId,
            Username: address,
            ConfirmationCode: code,
          }),
        ),
      );
    const latestCode = async () =>
      (await outbox.list()).find((m) => m.channel === 'email' && m.to === address)?.code;

    for (let i = 1; i <= COGNITO_CALL_QUOTAS.ResendConfirmationCode.limit; i++) {
      expect(`${i}: ${await resend()}`).toBe(`${i}: ok`);
    }
    const sent = (await outbox.list()).filter((m) => m.to === address).length;
    expect(await resend()).toBe(limited);
    expect((await outbox.list()).filter((m) => m.to === address)).toHaveLength(sent);

    const code = (await latestCode())!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= COGNITO_CALL_QUOTAS.ConfirmSignUp.limit; i++) {
      expect(`${i}: ${await confirm(wrongCode)}`).toBe(
        `${i}: CodeMismatchException: Incorrect confirmation code`,
      );
    }
    // The quota counts calls, so the right code is refused too until the hour has passed.
    expect(await confirm(code)).toBe(limited);
    clock.advance(60 * 60_000);
    expect(await resend()).toBe('ok');
    expect(await confirm((await latestCode())!)).toBe('ok');

    // Signed in, a password change is held to its quota too, wrong old password or not.
    const { accessToken } = await signInWithCode(identity.target, address, 'Quota#Passw0rd');
    const change = () =>
      outcome(
        client.send(
          new ChangePasswordCommand({
            AccessToken: accessToken,
            PreviousPassword: WRONG,
            ProposedPassword: 'Quota#Passw0rd2',
          }),
        ),
      );
    const refused = await change(); // the wrong old password, in the service's words
    expect(refused).not.toBe('ok');
    expect(refused).not.toBe(limited);
    for (let i = 2; i <= COGNITO_CALL_QUOTAS.ChangePassword.limit; i++) {
      expect(`${i}: ${await change()}`).toBe(`${i}: ${refused}`);
    }
    expect(await change()).toBe(limited);

    const forgot = () =>
      outcome(
        client.send(new ForgotPasswordCommand({ ClientId: pool.clientId, Username: address })),
      );
    for (let i = 1; i <= COGNITO_CALL_QUOTAS.ForgotPassword.limit; i++) {
      expect(`${i}: ${await forgot()}`).toBe(`${i}: ok`);
    }
    expect(await forgot()).toBe(limited);
  });
});
