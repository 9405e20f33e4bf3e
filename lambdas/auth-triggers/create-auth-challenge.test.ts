import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from '../../core/sign-in-limits';
import { newUserRecord } from '../../core/user-record';
import type { SmsSender } from '../ports/sms-sender';
import { sealCode } from './code-seal';
import { createChallenge } from './create-auth-challenge';
import { OTP_LIFETIME_MS } from '../shared/otp-code';
import { wrongCodesOfUser } from '../shared/sign-in-windows';
import { memoryStores } from './testing/memory-stores';
import {
  codeStep,
  createEvent,
  passwordOk,
  srpA,
  USER_ATTRIBUTES,
} from './testing/trigger-event-fixtures';

const T0 = Date.UTC(2026, 0, 2, 3, 4, 5);
const MINUTE = 60_000;

function setup(stores = memoryStores()) {
  const sent: { to: string; text: string }[] = [];
  const sms: SmsSender = { send: async (to, text) => void sent.push({ to, text }) };
  const key = randomBytes(32);
  const clock = { ms: T0 };
  const create = createChallenge({ sms, sealKey: async () => key, stores, now: () => clock.ms });
  return { sent, key, clock, create, stores };
}

const recordWith = (sub: string, phoneNumber: string, phoneVerified = true) => ({
  ...newUserRecord({
    email: `${sub}@example.com`,
    sub,
    phoneNumber,
    createdAt: '2026-01-01T00:00:00.000Z',
  }),
  phoneVerified,
});

/** The context the trigger seals the fixture user's code in (pool and user name). */
const ownContext = `us-east-2_Example/${USER_ATTRIBUTES.sub}`;

describe('create auth challenge (the 4-digit code by SMS)', () => {
  it('texts a fresh 4-digit code, keeps it private and tells the client trigger=true', async () => {
    const { sent, create } = setup();
    const { response } = await create(createEvent([srpA, passwordOk]));
    const answer = response.privateChallengeParameters.answer!;
    expect(answer).toMatch(/^\d{4}$/);
    expect(response.privateChallengeParameters.expiresAt).toBe(String(T0 + OTP_LIFETIME_MS));
    expect(response.privateChallengeParameters.phone).toBe('+15551234567');
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

  it('re-uses the code on a retry in the same sign-in, without another SMS or a longer life', async () => {
    const { sent, clock, create } = setup();
    const first = await create(createEvent([srpA, passwordOk]));
    clock.ms = T0 + OTP_LIFETIME_MS - 1;
    const retry = await create(
      createEvent([srpA, passwordOk, codeStep(false, first.response.challengeMetadata)]),
    );
    expect(retry.response.privateChallengeParameters).toEqual(
      first.response.privateChallengeParameters,
    );
    expect(retry.response.publicChallengeParameters).toEqual(
      first.response.publicChallengeParameters,
    );
    expect(sent).toHaveLength(1);
  });

  it('texts a new code on a retry once the first has expired, as the SMS said', async () => {
    const { sent, clock, create } = setup();
    const first = await create(createEvent([srpA, passwordOk]));
    clock.ms = T0 + OTP_LIFETIME_MS + 1;
    const retry = await create(
      createEvent([srpA, passwordOk, codeStep(false, first.response.challengeMetadata)]),
    );
    expect(sent).toHaveLength(2);
    expect(retry.response.privateChallengeParameters.expiresAt).toBe(
      String(clock.ms + OTP_LIFETIME_MS),
    );
  });

  it('texts a new code when the previous one cannot be recovered', async () => {
    const { sent, key, create } = setup();
    const live = `1234@${T0 + OTP_LIFETIME_MS}@+15551234567`;
    const metadata = [
      'CODE-SENT',
      sealCode(live, randomBytes(32), ownContext), // another key
      sealCode(live, key, 'us-east-2_Example/someone-else'), // the same key, another user
      sealCode('1234', key, ownContext), // not a code as this trigger seals it
      undefined,
    ];
    for (const sealed of metadata) {
      await create(createEvent([srpA, passwordOk, codeStep(false, sealed)]));
    }
    expect(sent).toHaveLength(metadata.length);
    // The control: the same seal in the user's own context is recovered.
    await create(createEvent([srpA, passwordOk, codeStep(false, sealCode(live, key, ownContext))]));
    expect(sent).toHaveLength(metadata.length);
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

  it('texts the verified number on the record, not one written into the attributes since', async () => {
    const { sent, create } = setup(memoryStores([recordWith(USER_ATTRIBUTES.sub, '+15550009999')]));
    const { response } = await create(createEvent([srpA, passwordOk]));
    expect(sent.map((s) => s.to)).toEqual(['+15550009999']);
    expect(response.publicChallengeParameters.phone).toBe('+*******9999');
    expect(response.privateChallengeParameters.phone).toBe('+15550009999');
  });

  it('caps the codes texted per user: 5 in 15 minutes, then a clear refusal', async () => {
    const { sent, clock, create } = setup();
    for (let i = 0; i < SIGN_IN_LIMITS.codeSends.limit; i += 1) {
      clock.ms = T0 + i * MINUTE;
      await create(createEvent([srpA, passwordOk]));
    }
    clock.ms = T0 + 5 * MINUTE;
    await expect(create(createEvent([srpA, passwordOk]))).rejects.toThrow(
      'Too many verification codes were sent. Please try again in 10 minutes.',
    );
    expect(sent).toHaveLength(5);
    clock.ms = T0 + 15 * MINUTE;
    await create(createEvent([srpA, passwordOk]));
    expect(sent).toHaveLength(6);
  });

  it('caps the codes texted per verified number, across accounts that verified it', async () => {
    const subs = Array.from({ length: 6 }, (_, i) => `account-${i}`);
    const { sent, create } = setup(
      memoryStores(subs.map((sub) => recordWith(sub, '+15551234567'))),
    );
    for (const sub of subs.slice(0, SIGN_IN_LIMITS.codeSends.limit)) {
      await create(createEvent([srpA, passwordOk], { ...USER_ATTRIBUTES, sub }));
    }
    const sixth = { ...USER_ATTRIBUTES, sub: subs[5]! };
    await expect(create(createEvent([srpA, passwordOk], sixth))).rejects.toThrow(
      'Too many verification codes',
    );
    expect(new Set(sent.map((s) => s.to))).toEqual(new Set(['+15551234567']));
    expect(sent).toHaveLength(5);
  });

  it('counts a number the account has not verified per account: another’s number cannot lock its owner out', async () => {
    const owner = recordWith('owner', '+15551234567');
    const attacker = recordWith('attacker', '+15551234567', false);
    const { sent, create } = setup(memoryStores([owner, attacker]));
    const as = (sub: string) => ({ ...USER_ATTRIBUTES, sub });
    for (let i = 0; i < SIGN_IN_LIMITS.codeSends.limit; i += 1) {
      await create(createEvent([srpA, passwordOk], as('attacker')));
    }
    // The attacker's own cap holds …
    await expect(create(createEvent([srpA, passwordOk], as('attacker')))).rejects.toThrow(
      'Too many verification codes',
    );
    // … and the owner, who verified the number, still gets a code at once.
    const { response } = await create(createEvent([srpA, passwordOk], as('owner')));
    expect(response.privateChallengeParameters.phone).toBe('+15551234567');
    expect(sent).toHaveLength(SIGN_IN_LIMITS.codeSends.limit + 1);
  });

  it('without a record, trusts the directory’s phone_number_verified', async () => {
    const { sent, create } = setup();
    const verified = (sub: string) => ({
      ...USER_ATTRIBUTES,
      sub,
      phone_number_verified: 'true',
    });
    for (let i = 0; i < SIGN_IN_LIMITS.codeSends.limit; i += 1) {
      await create(createEvent([srpA, passwordOk], verified(`verified-${i}`)));
    }
    await expect(create(createEvent([srpA, passwordOk], verified('verified-6')))).rejects.toThrow(
      'Too many verification codes',
    );
    // An account whose number is unverified has a budget of its own for it.
    await create(createEvent([srpA, passwordOk], { ...USER_ATTRIBUTES, sub: 'unverified' }));
    expect(sent).toHaveLength(SIGN_IN_LIMITS.codeSends.limit + 1);
  });

  it('texts nothing while wrong codes have locked the code step', async () => {
    const { sent, create, stores, clock } = setup();
    const key = wrongCodesOfUser(USER_ATTRIBUTES.sub);
    for (let i = 0; i < SIGN_IN_LIMITS.wrongCodes.limit; i += 1) {
      await stores.attempts.take(key, SIGN_IN_LIMITS.wrongCodes, clock.ms);
    }
    await expect(create(createEvent([srpA, passwordOk]))).rejects.toThrow(
      'Too many wrong verification codes. Please try again in 15 minutes.',
    );
    expect(sent).toHaveLength(0);
  });
});
