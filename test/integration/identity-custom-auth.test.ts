import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const email = 'otp.user@example.com';
const password = 'Otp#Passw0rd';
const phone = '+15550001234';

/**
 * CUSTOM_WITH_SRP against the local identity service, driven by Cognito's own JavaScript SDK: the
 * project's define/create/verify triggers decide the 4-digit code step (SPEC §4).
 */
describe('local identity service: sign-in with the 4-digit code (custom auth)', () => {
  let dir = '';
  let server: RunningIdentityServer;
  let pool: LocalPool;
  let outbox: Outbox;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stockscope-otp-'));
    outbox = new Outbox(join(dir, 'outbox.jsonl'));
    server = await startIdentityServer({
      port: await freePort(),
      dataDir: join(dir, 'identity'),
      outbox,
    });
    const client = identityClient(server.endpoint);
    pool = (await ensureUserPool(client, undefined)).pool;
    await client.send(
      new SignUpCommand({
        ClientId: pool.clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'phone_number', Value: phone },
        ],
      }),
    );
    const code = (await outbox.list()).find((m) => m.to === email)?.code;
    await client.send(
      new ConfirmSignUpCommand({
        ClientId: pool.clientId,
        Username: email,
        ConfirmationCode: code!,
      }),
    );
    client.destroy();
  });

  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  // The outbox lists newest first; a wrong answer gets a fresh code.
  const latestSmsCode = async () =>
    (await outbox.list()).find((m) => m.channel === 'sms' && m.to === phone)?.code;

  /** Signs in with CUSTOM_AUTH + SRP; `answers` are given to each code challenge in turn. */
  const signIn = (otp: 'true' | 'false', answers: (() => Promise<string>)[]) =>
    new Promise<{ session: CognitoUserSession; challenges: Record<string, string>[] }>(
      (resolve, reject) => {
        const user = new CognitoUser({
          Username: email,
          Pool: new CognitoUserPool({
            UserPoolId: pool.userPoolId,
            ClientId: pool.clientId,
            endpoint: server.endpoint,
          }),
        });
        user.setAuthenticationFlowType('CUSTOM_AUTH');
        const challenges: Record<string, string>[] = [];
        const callbacks = {
          onSuccess: (session: CognitoUserSession) => resolve({ session, challenges }),
          onFailure: reject,
          customChallenge: (parameters: Record<string, string>) => {
            challenges.push(parameters);
            const answer = answers.shift();
            if (!answer) return reject(new Error('unexpected challenge'));
            void answer().then((a) => user.sendCustomChallengeAnswer(a, callbacks, { otp }));
          },
        };
        user.authenticateUser(
          new AuthenticationDetails({
            Username: email,
            Password: password,
            ClientMetadata: { otp },
          }),
          callbacks,
        );
      },
    );

  it('asks for the code sent by SMS when otp is true, then signs in', async () => {
    const { session, challenges } = await signIn('true', [async () => (await latestSmsCode())!]);
    expect(challenges).toEqual([
      { trigger: 'true', phone: '+*******1234', USERNAME: expect.any(String) },
    ]);
    expect(session.getIdToken().payload.email).toBe(email);
  });

  it('skips the code step when otp is false (a remembered e-mail)', async () => {
    const before = (await outbox.list()).length;
    const { session, challenges } = await signIn('false', []);
    expect(challenges).toEqual([]);
    expect(session.isValid()).toBe(true);
    expect((await outbox.list()).length).toBe(before);
  });

  it('accepts a right code after a wrong one', async () => {
    const { session } = await signIn('true', [
      async () => '0000',
      async () => (await latestSmsCode())!,
    ]);
    expect(session.isValid()).toBe(true);
  });

  it('fails the sign-in after three wrong codes', async () => {
    const wrong = async () =>
      ((Number((await latestSmsCode())!) + 1) % 10_000).toString().padStart(4, '0');
    await expect(signIn('true', [wrong, wrong, wrong])).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('never puts the code in a response', async () => {
    const { challenges } = await signIn('true', [async () => (await latestSmsCode())!]);
    const code = await latestSmsCode();
    expect(JSON.stringify(challenges)).not.toContain(code);
  });
});
