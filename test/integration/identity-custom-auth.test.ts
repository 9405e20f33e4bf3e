import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminConfirmSignUpCommand,
  AdminUserGlobalSignOutCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RevokeTokenCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEVICE_PROOF, formatDeviceProof, newDeviceProof } from '../../core/device-proof';
import { SIGN_IN_LIMITS } from '../../core/sign-in-limits';
import { USERS_TABLE } from '../../core/tables';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/aws-local';
import { startDynamoDbLocal, type RunningDynamoDb } from '../../infra/local/dynamodb-local';
import {
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
import { ensureTables } from '../../infra/local/tables';
import { documentClient } from '../../lambdas/adapters/dynamodb/document-client';
import {
  usersTableStores,
  type UsersTableStores,
} from '../../lambdas/adapters/dynamodb/users-table-stores';

const email = 'otp.user@example.com';
const password = 'Otp#Passw0rd';
const phone = '+15550001234';

type Answer = (parameters: Record<string, string>) => Promise<string>;

/**
 * The identity half of SPEC §4 against the local identity service, driven by Cognito's own
 * JavaScript SDK: sign-up with the post-confirmation users record (DynamoDB Local), CUSTOM_WITH_SRP
 * with the project's define/create/verify triggers deciding the 4-digit code step, and sign-out.
 */
describe('local identity service: sign-up, sign-in with the 4-digit code, sign-out', () => {
  let dir = '';
  let db: RunningDynamoDb;
  let server: RunningIdentityServer;
  let pool: LocalPool;
  let outbox: Outbox;
  let stores: UsersTableStores;
  /** The sub of an account, by e-mail (the users table's key). */
  const subOf = async (address: string) =>
    (
      await client.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: address }))
    ).UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? '';
  let client: CognitoIdentityProviderClient;
  /** The pool's own name for the user (a UUID: the e-mail is an alias, as in Cognito). */
  let username = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stockscope-otp-'));
    db = await startDynamoDbLocal({ port: await freePort(), dbPath: join(dir, 'dynamodb') });
    const config = { endpoint: db.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
    const dynamo = new DynamoDBClient(config);
    await ensureTables(dynamo);
    dynamo.destroy();
    stores = usersTableStores(documentClient(config), USERS_TABLE.localName);
    outbox = new Outbox(join(dir, 'outbox.jsonl'));
    server = await startIdentityServer({
      port: await freePort(),
      dataDir: join(dir, 'identity'),
      outbox,
      stores,
    });
    client = identityClient(server.endpoint);
    pool = (await ensureUserPool(client, undefined)).pool;
    await register({ email, phone });
    const stored = await client.send(
      new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: email }),
    );
    username = stored.Username!;
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    client?.destroy();
    await server?.stop();
    await db?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const smsTo = async (to: string) =>
    (await outbox.list()).filter((m) => m.channel === 'sms' && m.to === to);
  const emailsTo = async (to: string) =>
    (await outbox.list()).filter((m) => m.channel === 'email' && m.to === to);
  const signUp = (address: string, phoneNumber = phone) =>
    client.send(
      new SignUpCommand({
        ClientId: pool.clientId,
        Username: address,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: address },
          { Name: 'phone_number', Value: phoneNumber },
        ],
      }),
    );
  /** Signs up and confirms with the e-mailed code (newest first in the outbox). */
  async function register(account: { email: string; phone: string }) {
    await signUp(account.email, account.phone);
    const code = (await emailsTo(account.email))[0]?.code;
    await client.send(
      new ConfirmSignUpCommand({
        ClientId: pool.clientId,
        Username: account.email,
        ConfirmationCode: code,
      }),
    );
  }
  let accounts = 0;
  /** A confirmed account of a test's own, for tests that change an account's state. */
  const ownAccount = async (tag: string) => {
    accounts += 1;
    const account = { email: `${tag}@example.com`, password, phone: `+1555000${2000 + accounts}` };
    await register(account);
    return account;
  };

  interface SignInOptions {
    /** The metadata of the password answer (a device proof, or what a client might claim). */
    readonly metadata?: Record<string, string>;
    /** A device to remember with the code answers. */
    readonly remember?: string;
  }
  /** CUSTOM_AUTH with SRP (the SPA's CUSTOM_WITH_SRP); each code challenge gets the next answer. */
  const signIn = (answers: Answer[], as = { email, password }, options: SignInOptions = {}) =>
    new Promise<{ session: CognitoUserSession; challenges: Record<string, string>[] }>(
      (resolve, reject) => {
        const user = new CognitoUser({
          Username: as.email,
          Pool: new CognitoUserPool({
            UserPoolId: pool.userPoolId,
            ClientId: pool.clientId,
            endpoint: server.endpoint,
          }),
        });
        user.setAuthenticationFlowType('CUSTOM_AUTH');
        const challenges: Record<string, string>[] = [];
        const remember = options.remember
          ? { [DEVICE_PROOF.rememberKey]: options.remember }
          : undefined;
        const callbacks = {
          onSuccess: (session: CognitoUserSession) => resolve({ session, challenges }),
          onFailure: reject,
          customChallenge: (parameters: Record<string, string>) => {
            challenges.push(parameters);
            const answer = answers.shift();
            if (!answer) return reject(new Error('unexpected challenge'));
            answer(parameters).then(
              (a) => user.sendCustomChallengeAnswer(a, callbacks, remember),
              reject,
            );
          },
        };
        user.authenticateUser(
          new AuthenticationDetails({
            Username: as.email,
            Password: as.password,
            ...(options.metadata && { ClientMetadata: options.metadata }),
          }),
          callbacks,
        );
      },
    );
  /** Device proofs remembered by `viaDevice`, by e-mail. */
  const devices = new Map<string, string>();
  /**
   * A sign-in as a returning device: the first one answers the code and has the device
   * remembered, later ones present its proof and the server skips the code.
   */
  const viaDevice = async (as: { email: string; password: string; phone?: string }) => {
    const known = devices.get(as.email);
    if (known) return signIn([], as, { metadata: { [DEVICE_PROOF.presentKey]: known } });
    const proof = formatDeviceProof(newDeviceProof());
    const signedIn = await signIn([smsCodeTo(as.phone ?? phone)], as, { remember: proof });
    devices.set(as.email, proof);
    return signedIn;
  };
  const latestSmsCode = async (to = phone) => (await smsTo(to))[0]?.code;
  const smsCodeTo =
    (to: string): Answer =>
    async () =>
      (await latestSmsCode(to))!;
  const smsCode = smsCodeTo(phone);
  const wrongCode: Answer = async () =>
    ((Number(await latestSmsCode()) + 1) % 10_000).toString().padStart(4, '0');

  it('signs up with a phone, confirms with the e-mailed code, and gets its users record', async () => {
    const address = 'new.investor@example.com';
    await signUp(address);
    expect(await stores.users.get(await subOf(address))).toBeUndefined();
    const code = (await emailsTo(address))[0]?.code;
    expect(code).toMatch(/^\d+$/);
    await client.send(
      new ConfirmSignUpCommand({
        ClientId: pool.clientId,
        Username: address,
        ConfirmationCode: code,
      }),
    );
    const cognitoUser = await client.send(
      new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: address }),
    );
    const sub = cognitoUser.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
    // The e-mailed code verified the e-mail, as in Cognito (tokens then say email_verified).
    expect(cognitoUser.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
    expect(await stores.users.get(sub!)).toEqual({
      email: address,
      sub,
      phoneNumber: phone,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      subscription: null,
    });
  });

  it('creates the users record on AdminConfirmSignUp too', async () => {
    const other = 'admin.confirmed@example.com';
    await signUp(other);
    await client.send(
      new AdminConfirmSignUpCommand({ UserPoolId: pool.userPoolId, Username: other }),
    );
    expect(await stores.users.get(await subOf(other))).toMatchObject({
      email: other,
      phoneNumber: phone,
      subscription: null,
    });
  });

  it('asks for the code sent by SMS, then signs in', async () => {
    const before = (await smsTo(phone)).length;
    const { session, challenges } = await signIn([smsCode]);
    expect(challenges).toEqual([{ trigger: 'true', phone: '+*******1234', USERNAME: username }]);
    const sent = await smsTo(phone);
    expect(sent).toHaveLength(before + 1);
    expect(sent[0]?.body).toBe(
      `Your StockScope verification code is ${sent[0]?.code}. It expires in 3 minutes.`,
    );
    expect(session.getIdToken().payload.email).toBe(email);
  });

  it('asks for the code whatever the client claims: no flag skips it', async () => {
    const account = await ownAccount('flag.waver');
    const code = smsCodeTo(account.phone);
    const claims: Record<string, string>[] = [
      { otp: 'false' },
      { [DEVICE_PROOF.presentKey]: 'true' },
    ];
    for (const metadata of claims) {
      const { challenges } = await signIn([code], account, { metadata });
      expect(challenges).toHaveLength(1);
    }
  });

  it('refuses the password-only flows: USER_SRP_AUTH and USER_PASSWORD_AUTH get no tokens', async () => {
    for (const AuthFlow of ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'] as const) {
      await expect(
        client.send(
          new InitiateAuthCommand({
            ClientId: pool.clientId,
            AuthFlow,
            AuthParameters: { USERNAME: email, PASSWORD: password, SRP_A: 'ab' },
          }),
        ),
      ).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message: `${AuthFlow} flow not enabled for this client`,
      });
    }
  });

  it('skips the code step for a device that completed it for this user, and only then', async () => {
    const account = await ownAccount('returning');
    const other = await ownAccount('other.device');
    const proof = formatDeviceProof(newDeviceProof());
    await signIn([smsCodeTo(account.phone)], account, { remember: proof });
    const before = (await outbox.list()).length;
    const { session, challenges } = await signIn([], account, {
      metadata: { [DEVICE_PROOF.presentKey]: proof },
    });
    expect(challenges).toEqual([]);
    expect(session.isValid()).toBe(true);
    // Tokens last an hour, as the CDK app client's do (core/identity.ts).
    for (const token of [session.getIdToken(), session.getAccessToken()]) {
      expect(token.getExpiration() - token.getIssuedAt()).toBe(3600);
    }
    expect((await outbox.list()).length).toBe(before);
    // The proof is bound to its user: for another account it proves nothing.
    const elsewhere = await signIn([smsCodeTo(other.phone)], other, {
      metadata: { [DEVICE_PROOF.presentKey]: proof },
    });
    expect(elsewhere.challenges).toHaveLength(1);
    // Signed out everywhere (the account API records it), the device must prove itself again.
    await stores.revocations.revokeAllBefore(await subOf(account.email), Date.now());
    const again = await signIn([smsCodeTo(account.phone)], account, {
      metadata: { [DEVICE_PROOF.presentKey]: proof },
    });
    expect(again.challenges).toHaveLength(1);
  });

  it('texts at most 5 codes in 15 minutes per user, then refuses with a clear message', async () => {
    const account = await ownAccount('impatient');
    const code = smsCodeTo(account.phone);
    const before = (await smsTo(account.phone)).length;
    for (let i = 0; i < SIGN_IN_LIMITS.codeSends.limit; i += 1) await signIn([code], account);
    await expect(signIn([code], account)).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: expect.stringContaining(
        'Too many verification codes were sent. Please try again in',
      ) as string,
    });
    expect((await smsTo(account.phone)).length).toBe(before + SIGN_IN_LIMITS.codeSends.limit);
  });

  it('an account that signs up with someone else’s number cannot use up its owner’s codes', async () => {
    const owner = await ownAccount('number-owner');
    await signIn([smsCodeTo(owner.phone)], owner); // the owner's correct code verifies the number
    const attacker = { email: 'number-squatter@example.com', password, phone: owner.phone };
    await register(attacker);
    const abandon: Answer = () => Promise.reject(new Error('abandoned at the code step'));
    const before = (await smsTo(owner.phone)).length;
    for (let i = 0; i < SIGN_IN_LIMITS.codeSends.limit; i += 1) {
      await expect(signIn([abandon], attacker)).rejects.toThrow('abandoned at the code step');
    }
    // The attacker's own budget for the number is spent …
    await expect(signIn([abandon], attacker)).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: expect.stringContaining('Too many verification codes') as string,
    });
    // … while the owner still gets a code and signs in.
    const signedIn = await signIn([smsCodeTo(owner.phone)], owner);
    expect(signedIn.session.isValid()).toBe(true);
    expect((await smsTo(owner.phone)).length).toBe(before + SIGN_IN_LIMITS.codeSends.limit + 1);
  });

  it('locks the code step after 10 wrong codes across sign-ins, even for the right code', async () => {
    const account = await ownAccount('guesser');
    const wrong: Answer = async () =>
      ((Number(await latestSmsCode(account.phone)) + 1) % 10_000).toString().padStart(4, '0');
    for (let i = 0; i < 3; i += 1) {
      await expect(signIn([wrong, wrong, wrong], account)).rejects.toMatchObject({
        message: 'Incorrect username or password.',
      });
    }
    // The tenth wrong answer locks the step: the right code after it is refused too.
    await expect(signIn([wrong, smsCodeTo(account.phone)], account)).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: expect.stringContaining('Too many wrong verification codes') as string,
    });
    // A new sign-in texts nothing while locked.
    const before = (await smsTo(account.phone)).length;
    await expect(signIn([smsCodeTo(account.phone)], account)).rejects.toMatchObject({
      message: expect.stringContaining('Too many wrong verification codes') as string,
    });
    expect((await smsTo(account.phone)).length).toBe(before);
  });

  it('keeps texting the verified number when the phone attribute is changed without verification', async () => {
    const account = await ownAccount('number.swapper');
    const tokens = (await signIn([smsCodeTo(account.phone)], account)).session;
    const premium = '+15559990000';
    await client.send(
      new UpdateUserAttributesCommand({
        AccessToken: tokens.getAccessToken().getJwtToken(),
        UserAttributes: [{ Name: 'phone_number', Value: premium }],
      }),
    );
    const { challenges } = await signIn([smsCodeTo(account.phone)], account);
    expect(challenges[0]?.phone).toBe(`+*******${account.phone.slice(-4)}`);
    expect(await smsTo(premium)).toEqual([]);
  });

  it('keeps the code after a wrong answer: the one SMS still signs in', async () => {
    const before = (await smsTo(phone)).length;
    const { session, challenges } = await signIn([wrongCode, smsCode]);
    expect(challenges).toHaveLength(2);
    expect((await smsTo(phone)).length).toBe(before + 1);
    expect(session.isValid()).toBe(true);
  });

  it('fails the sign-in after three wrong codes', async () => {
    const account = await ownAccount('three.wrong');
    const wrong: Answer = async () =>
      ((Number(await latestSmsCode(account.phone)) + 1) % 10_000).toString().padStart(4, '0');
    await expect(signIn([wrong, wrong, wrong], account)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('refuses an answer after the 3-minute session expired', async () => {
    const account = await ownAccount('slow.typist');
    const expire: Answer = async () => {
      const code = (await latestSmsCode(account.phone))!;
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 3 * 60_000 + 1_000);
      return code;
    };
    await expect(signIn([expire], account)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('expires one user’s code step on the developer control, by e-mail', async () => {
    const account = await ownAccount('expired.step');
    // Nothing of the user's is open before the sign-in (the sign-up code was used)…
    expect(await server.expireForUser(pool.userPoolId, account.email)).toBe(0);
    const expireNow: Answer = async () => {
      // …then exactly the code step's session: the password proof's session is spent.
      expect(await server.expireForUser(pool.userPoolId, account.email)).toBe(1);
      return (await latestSmsCode(account.phone))!;
    };
    await expect(signIn([expireNow], account)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
    // Nothing is left open for the user, and the next sign-in starts afresh.
    expect(await server.expireForUser(pool.userPoolId, account.email)).toBe(0);
    expect((await signIn([smsCodeTo(account.phone)], account)).session.isValid()).toBe(true);
  });

  it('refuses a sign-up code after 24 hours as expired; a resent code confirms', async () => {
    const late = 'late.confirmer@example.com';
    await signUp(late);
    const emailed = async () => (await emailsTo(late))[0]?.code;
    const first = await emailed();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60_000 + 1_000);
    const confirm = (code: string | undefined) =>
      client.send(
        new ConfirmSignUpCommand({
          ClientId: pool.clientId,
          Username: late,
          ConfirmationCode: code,
        }),
      );
    await expect(confirm(first)).rejects.toMatchObject({
      name: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
    await client.send(
      new ResendConfirmationCodeCommand({ ClientId: pool.clientId, Username: late }),
    );
    const second = await emailed();
    expect(second).not.toBe(first);
    await confirm(second);
    expect(await stores.users.get(await subOf(late))).toMatchObject({ email: late });
  });

  it('sends no code to an unknown or disabled user, and answers as if it had', async () => {
    const disabled = 'disabled.unconfirmed@example.com';
    await signUp(disabled);
    await client.send(
      new AdminDisableUserCommand({ UserPoolId: pool.userPoolId, Username: disabled }),
    );
    const before = (await outbox.list()).length;
    const asked: [string, string][] = [
      ['nobody@example.com', 'n***@e***'],
      [disabled, 'd***@e***'],
    ];
    for (const [name, masked] of asked) {
      const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: masked };
      const resent = await client.send(
        new ResendConfirmationCodeCommand({ ClientId: pool.clientId, Username: name }),
      );
      expect(resent.CodeDeliveryDetails).toEqual(delivery);
      const reset = await client.send(
        new ForgotPasswordCommand({ ClientId: pool.clientId, Username: name }),
      );
      expect(reset.CodeDeliveryDetails).toEqual(delivery);
    }
    expect((await outbox.list()).length).toBe(before);
    // A real answer looks the same: where the code went, masked.
    const account = await ownAccount('forgetful');
    const real = await client.send(
      new ForgotPasswordCommand({ ClientId: pool.clientId, Username: account.email }),
    );
    expect(real.CodeDeliveryDetails?.Destination).toBe('f***@e***');
    expect((await emailsTo(account.email)).length).toBe(2); // the sign-up code, then the reset's
  });

  it('never puts the code in a response', async () => {
    const account = await ownAccount('discreet');
    const { challenges, session } = await signIn([smsCodeTo(account.phone)], account);
    const code = (await latestSmsCode(account.phone))!;
    expect(JSON.stringify(challenges)).not.toContain(code);
    expect(JSON.stringify(session.getIdToken().payload)).not.toContain(`"${code}"`);
  });

  it('texts nothing for a wrong password, and hides whether the user exists', async () => {
    const before = (await smsTo(phone)).length;
    await expect(signIn([smsCode], { email, password: 'Wrong#Passw0rd' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    await expect(
      signIn([smsCode], { email: 'nobody@example.com', password }),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect((await smsTo(phone)).length).toBe(before);
  });

  it('refuses CUSTOM_AUTH without the SRP password step (CUSTOM_WITHOUT_SRP)', async () => {
    await expect(
      client.send(
        new InitiateAuthCommand({
          ClientId: pool.clientId,
          AuthFlow: 'CUSTOM_AUTH',
          AuthParameters: { USERNAME: email },
        }),
      ),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  const tokensOf = (session: CognitoUserSession) => ({
    access: session.getAccessToken().getJwtToken(),
    refresh: session.getRefreshToken().getToken(),
  });
  const refresh = (token: string) =>
    client.send(
      new InitiateAuthCommand({
        ClientId: pool.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: token },
      }),
    );
  const getUser = (accessToken: string) =>
    client.send(new GetUserCommand({ AccessToken: accessToken }));

  it('GlobalSignOut revokes refresh tokens and earlier access tokens; a new sign-in works at once', async () => {
    const account = await ownAccount('global.sign.out');
    const first = tokensOf((await viaDevice(account)).session);
    const refreshed = (await refresh(first.refresh)).AuthenticationResult?.AccessToken;
    expect(refreshed).toMatch(/^ey/);
    await client.send(new GlobalSignOutCommand({ AccessToken: first.access }));
    await expect(refresh(first.refresh)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    for (const token of [first.access, refreshed!]) {
      await expect(getUser(token)).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Access Token has been revoked',
      });
    }
    const again = tokensOf((await viaDevice(account)).session);
    expect((await getUser(again.access)).UserAttributes).toContainEqual({
      Name: 'email',
      Value: account.email,
    });
    expect((await refresh(again.refresh)).AuthenticationResult?.AccessToken).toMatch(/^ey/);
  });

  it('GetTokensFromRefreshToken (how Amplify v6 refreshes) issues new tokens until revoked', async () => {
    const account = await ownAccount('amplify.refresh');
    const held = tokensOf((await viaDevice(account)).session);
    const fromRefresh = (token: string) =>
      client.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: pool.clientId, RefreshToken: token }),
      );
    const answer = (await fromRefresh(held.refresh)).AuthenticationResult;
    expect(answer?.IdToken).toMatch(/^ey/);
    expect(answer?.RefreshToken).toBeUndefined(); // no rotation: the client keeps its own
    await expect(getUser(answer!.AccessToken!)).resolves.toBeDefined();
    await client.send(new GlobalSignOutCommand({ AccessToken: answer!.AccessToken }));
    await expect(fromRefresh(held.refresh)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    await expect(fromRefresh('not-a-token')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    });
  });

  it('AdminUserGlobalSignOut does the same for an administrator', async () => {
    const account = await ownAccount('admin.sign.out');
    const held = tokensOf((await viaDevice(account)).session);
    await client.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: pool.userPoolId, Username: account.email }),
    );
    await expect(refresh(held.refresh)).rejects.toMatchObject({
      message: 'Refresh Token has been revoked',
    });
    await expect(getUser(held.access)).rejects.toMatchObject({
      message: 'Access Token has been revoked',
    });
  });

  it('RevokeToken revokes that refresh token and the access tokens minted from it only', async () => {
    const revoked = tokensOf((await viaDevice({ email, password })).session);
    const kept = tokensOf((await viaDevice({ email, password })).session);
    await client.send(new RevokeTokenCommand({ ClientId: pool.clientId, Token: revoked.refresh }));
    await expect(refresh(revoked.refresh)).rejects.toMatchObject({
      message: 'Refresh Token has been revoked',
    });
    await expect(getUser(revoked.access)).rejects.toMatchObject({
      message: 'Access Token has been revoked',
    });
    expect((await getUser(kept.access)).Username).toBe(username);
    expect((await refresh(kept.refresh)).AuthenticationResult?.AccessToken).toMatch(/^ey/);
  });

  it('a user disabled between the password and the code gets no tokens for the right code', async () => {
    const account = await ownAccount('disabled.midway');
    const disableThenAnswer: Answer = async (parameters) => {
      await client.send(
        new AdminDisableUserCommand({ UserPoolId: pool.userPoolId, Username: account.email }),
      );
      return smsCodeTo(account.phone)(parameters);
    };
    await expect(signIn([disableThenAnswer], account)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
  });

  it('a disabled user cannot start CUSTOM_AUTH, gets no SMS, and loses their tokens', async () => {
    const account = await ownAccount('disabled.user');
    const issued = tokensOf((await viaDevice(account)).session);
    const before = (await smsTo(account.phone)).length;
    await client.send(
      new AdminDisableUserCommand({ UserPoolId: pool.userPoolId, Username: account.email }),
    );
    await expect(signIn([smsCodeTo(account.phone)], account)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
    await expect(getUser(issued.access)).rejects.toMatchObject({
      message: 'Access Token has been revoked',
    });
    await expect(refresh(issued.refresh)).rejects.toMatchObject({ message: 'User is disabled.' });
    // Nor through OAuth's token endpoint, which the pool does not have (its client disables OAuth).
    const oauth = await fetch(`${server.endpoint}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: issued.refresh,
        client_id: pool.clientId,
      }),
    });
    expect(oauth.status).toBe(404);
    expect(await oauth.text()).not.toContain('id_token');
    expect((await smsTo(account.phone)).length).toBe(before);
    await client.send(
      new AdminEnableUserCommand({ UserPoolId: pool.userPoolId, Username: account.email }),
    );
    expect((await viaDevice(account)).session.isValid()).toBe(true);
  });
});
