import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVICE_PROOF, formatDeviceProof, newDeviceProof } from '../../core/device-proof';
import { SIGN_IN_LIMITS } from '../../core/sign-in-limits';
import { newUserRecord } from '../../core/user-record';
import { createChallenge } from './create-auth-challenge';
import { provesDevice } from './device-check';
import { memoryStores } from './testing/memory-stores';
import {
  createEvent,
  passwordOk,
  srpA,
  USER_ATTRIBUTES,
  verifyEvent,
} from './testing/trigger-event-fixtures';
import { verifyChallengeResponse } from './verify-auth-challenge-response';

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
const MINUTE = 60_000;
const sub = USER_ATTRIBUTES.sub;
const live = String(NOW + 1);
const phone = USER_ATTRIBUTES.phone_number;

function setup(stores = memoryStores()) {
  const clock = { ms: NOW };
  const verify = verifyChallengeResponse({ stores, now: () => clock.ms });
  const answerCorrect = async (
    answer: string,
    stored: Record<string, string>,
    metadata?: Record<string, string>,
  ) => (await verify(verifyEvent(answer, stored, metadata))).response.answerCorrect;
  return { stores, clock, verify, answerCorrect };
}

describe('verify auth challenge response', () => {
  it('accepts exactly the 4-digit code of the session', async () => {
    const { answerCorrect } = setup();
    expect(await answerCorrect('0421', { answer: '0421', expiresAt: live })).toBe(true);
    expect(await answerCorrect('0422', { answer: '0421', expiresAt: live })).toBe(false);
  });

  it('refuses the right code once it has expired, or with no expiry at all', async () => {
    const { answerCorrect } = setup();
    expect(await answerCorrect('0421', { answer: '0421', expiresAt: String(NOW) })).toBe(true);
    expect(await answerCorrect('0421', { answer: '0421', expiresAt: String(NOW - 1) })).toBe(false);
    expect(await answerCorrect('0421', { answer: '0421' })).toBe(false);
    expect(await answerCorrect('0421', { answer: '0421', expiresAt: 'soon' })).toBe(false);
  });

  it.each([' 0421', '0421 ', '421', '04211', '042a', '', '０４２１'])(
    'refuses the malformed answer %j',
    async (answer) => {
      const { answerCorrect } = setup();
      expect(await answerCorrect(answer, { answer: '0421', expiresAt: live })).toBe(false);
    },
  );

  it('refuses anything when the session holds no 4-digit code', async () => {
    const { answerCorrect } = setup();
    expect(await answerCorrect('04211', { answer: '04211', expiresAt: live })).toBe(false);
    expect(await answerCorrect('', { answer: '', expiresAt: live })).toBe(false);
    expect(await answerCorrect('0421', { expiresAt: live })).toBe(false);
  });

  it('locks the code step after 10 wrong answers in an hour, across sign-ins, for 15 minutes', async () => {
    const { answerCorrect, clock } = setup();
    const code = { answer: '0421', expiresAt: String(NOW + 60 * MINUTE) };
    for (let i = 0; i < SIGN_IN_LIMITS.wrongCodes.limit; i += 1) {
      clock.ms = NOW + i * MINUTE;
      expect(await answerCorrect('9999', code)).toBe(false);
    }
    // Even the right code is refused while locked, with a message that says how long.
    await expect(answerCorrect('0421', code)).rejects.toThrow(
      'Too many wrong verification codes. Please try again in 15 minutes.',
    );
    clock.ms = NOW + 9 * MINUTE + 15 * MINUTE;
    // The lock is over, but the hour still holds ten wrong answers.
    await expect(answerCorrect('0421', code)).rejects.toThrow('Too many wrong verification codes');
    clock.ms = NOW + 60 * MINUTE + 1;
    code.expiresAt = String(clock.ms + MINUTE);
    expect(await answerCorrect('0421', code)).toBe(true);
  });

  it('makes 10,000 guesses impossible within a day, whatever the attacker does', async () => {
    // The attacker knows the password and signs in again as fast as the server lets them, each
    // sign-in allowing 3 answers; every guess is wrong (they never learn the code).
    const stores = memoryStores();
    const clock = { ms: NOW };
    const create = createChallenge({
      sms: { send: async () => {} },
      sealKey: async () => randomBytes(32),
      stores,
      now: () => clock.ms,
    });
    const verify = verifyChallengeResponse({ stores, now: () => clock.ms });
    const end = NOW + 24 * 60 * MINUTE;
    let guesses = 0;
    while (clock.ms < end) {
      let code: Record<string, string>;
      try {
        code = (await create(createEvent([srpA, passwordOk]))).response.privateChallengeParameters;
      } catch {
        clock.ms += MINUTE; // refused: try again a minute later
        continue;
      }
      for (let answer = 0; answer < 3; answer += 1) {
        try {
          await verify(verifyEvent('0000' === code.answer ? '0001' : '0000', code));
          guesses += 1;
        } catch {
          break;
        }
        clock.ms += 1_000;
      }
    }
    expect(guesses).toBeLessThan(10_000);
    // The window allows 10 an hour: at most 240 a day (24 × 10), so ≥ 97.6 % of the 10,000
    // codes stay untried.
    expect(guesses).toBeLessThanOrEqual(24 * SIGN_IN_LIMITS.wrongCodes.limit);
  });

  it('verifies the number a right code went to, creating the record of an account without one', async () => {
    const withRecord = setup(
      memoryStores([
        newUserRecord({ email: 'ann@example.com', sub, phoneNumber: phone, createdAt: 'c' }),
      ]),
    );
    await withRecord.answerCorrect('0421', { answer: '0421', expiresAt: live, phone });
    expect(await withRecord.stores.users.get(sub)).toMatchObject({
      phoneNumber: phone,
      phoneVerified: true,
    });

    const without = setup();
    await without.answerCorrect('0421', { answer: '0421', expiresAt: live, phone });
    expect(await without.stores.users.get(sub)).toMatchObject({
      sub,
      email: 'ann@example.com',
      phoneNumber: phone,
      phoneVerified: true,
    });
  });

  it('remembers the device the client names only when the code is right', async () => {
    const { answerCorrect, stores } = setup();
    const proof = newDeviceProof();
    const metadata = { [DEVICE_PROOF.rememberKey]: formatDeviceProof(proof) };
    const present = formatDeviceProof(proof);
    await answerCorrect('0422', { answer: '0421', expiresAt: live }, metadata);
    expect(await provesDevice(stores, sub, present, NOW)).toBe(false);
    await answerCorrect('0421', { answer: '0421', expiresAt: live }, metadata);
    expect(await provesDevice(stores, sub, present, NOW)).toBe(true);
    expect(await provesDevice(stores, sub, present, NOW + DEVICE_PROOF.lifetimeMs)).toBe(false);
  });
});
