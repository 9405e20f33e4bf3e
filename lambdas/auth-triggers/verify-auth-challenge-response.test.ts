import { describe, expect, it } from 'vitest';
import { verifyEvent } from './trigger-event-fixtures';
import { verifyChallengeResponse } from './verify-auth-challenge-response';

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
const verify = verifyChallengeResponse(() => NOW);
const live = String(NOW + 1);
const answerCorrect = async (answer: string, stored: Record<string, string>) =>
  (await verify(verifyEvent(answer, stored))).response.answerCorrect;

describe('verify auth challenge response', () => {
  it('accepts exactly the 4-digit code of the session', async () => {
    expect(await answerCorrect('0421', { answer: '0421', expiresAt: live })).toBe(true);
    expect(await answerCorrect('0422', { answer: '0421', expiresAt: live })).toBe(false);
  });

  it('refuses the right code once it has expired, or with no expiry at all', async () => {
    expect(await answerCorrect('0421', { answer: '0421', expiresAt: String(NOW) })).toBe(true);
    expect(await answerCorrect('0421', { answer: '0421', expiresAt: String(NOW - 1) })).toBe(false);
    expect(await answerCorrect('0421', { answer: '0421' })).toBe(false);
    expect(await answerCorrect('0421', { answer: '0421', expiresAt: 'soon' })).toBe(false);
  });

  it.each([' 0421', '0421 ', '421', '04211', '042a', '', '０４２１'])(
    'refuses the malformed answer %j',
    async (answer) => {
      expect(await answerCorrect(answer, { answer: '0421', expiresAt: live })).toBe(false);
    },
  );

  it('refuses anything when the session holds no 4-digit code', async () => {
    expect(await answerCorrect('04211', { answer: '04211', expiresAt: live })).toBe(false);
    expect(await answerCorrect('', { answer: '', expiresAt: live })).toBe(false);
    expect(await answerCorrect('0421', { expiresAt: live })).toBe(false);
  });
});
