import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SmsSender } from '../ports/sms-sender';
import { sealCode } from './code-seal';
import { createChallenge } from './create-auth-challenge';
import { codeStep, createEvent, passwordOk, srpA, USER_ATTRIBUTES } from './trigger-event-fixtures';

function setup() {
  const sent: { to: string; text: string }[] = [];
  const sms: SmsSender = { send: async (to, text) => void sent.push({ to, text }) };
  const key = randomBytes(32);
  return { sent, key, create: createChallenge({ sms, sealKey: async () => key }) };
}

describe('create auth challenge (the 4-digit code by SMS)', () => {
  it('texts a fresh 4-digit code, keeps it private and tells the client trigger=true', async () => {
    const { sent, create } = setup();
    const { response } = await create(createEvent([srpA, passwordOk]));
    const answer = response.privateChallengeParameters.answer!;
    expect(answer).toMatch(/^\d{4}$/);
    expect(sent).toEqual([
      {
        to: '+15551234567',
        text: `Your StockScope verification code is ${answer}. It expires in 3 minutes.`,
      },
    ]);
    expect(response.publicChallengeParameters).toEqual({ trigger: 'true', phone: '+*******4567' });
    expect(response.challengeMetadata).toMatch(/^CODE-[\w-]+$/);
    // Neither what the client sees nor what Cognito keeps in the session reveals the code.
    expect(JSON.stringify(response.publicChallengeParameters)).not.toContain(answer);
    expect(response.challengeMetadata).not.toContain(answer);
  });

  it('re-uses the code on a retry in the same session, without another SMS', async () => {
    const { sent, create } = setup();
    const first = await create(createEvent([srpA, passwordOk]));
    const code = first.response.privateChallengeParameters.answer;
    const retry = await create(
      createEvent([srpA, passwordOk, codeStep(false, first.response.challengeMetadata)]),
    );
    expect(retry.response.privateChallengeParameters.answer).toBe(code);
    expect(retry.response.publicChallengeParameters).toEqual(
      first.response.publicChallengeParameters,
    );
    expect(sent).toHaveLength(1);
  });

  it('texts a new code when the previous one cannot be recovered', async () => {
    const { sent, create } = setup();
    const foreignKey = sealCode(
      '1234',
      randomBytes(32),
      'us-east-2_Example/' + USER_ATTRIBUTES.sub,
    );
    const otherUser = sealCode('1234', randomBytes(32), 'us-east-2_Example/someone-else');
    for (const metadata of ['CODE-SENT', foreignKey, otherUser, undefined]) {
      await create(createEvent([srpA, passwordOk, codeStep(false, metadata)]));
    }
    expect(sent).toHaveLength(4);
  });

  it('refuses an account without a phone number, and ignores other challenge names', async () => {
    const { sent, create } = setup();
    const { phone_number: _none, ...withoutPhone } = USER_ATTRIBUTES;
    await expect(create(createEvent([srpA, passwordOk], withoutPhone))).rejects.toThrow(
      'no phone number',
    );
    const other = createEvent([srpA]);
    other.request.challengeName = 'PASSWORD_VERIFIER';
    expect((await create(other)).response.privateChallengeParameters).toEqual({});
    expect(sent).toHaveLength(0);
  });
});
