import { describe, expect, it } from 'vitest';
import { verifyEvent } from './trigger-event-fixtures';
import { handler as verify } from './verify-auth-challenge-response';

const answerCorrect = async (answer: string, stored: Record<string, string>) =>
  (await verify(verifyEvent(answer, stored))).response.answerCorrect;

describe('verify auth challenge response', () => {
  it('accepts exactly the 4-digit code of the session', async () => {
    expect(await answerCorrect('0421', { answer: '0421' })).toBe(true);
    expect(await answerCorrect('0422', { answer: '0421' })).toBe(false);
  });

  it.each([' 0421', '0421 ', '421', '04211', '042a', '', '０４２１'])(
    'refuses the malformed answer %j',
    async (answer) => {
      expect(await answerCorrect(answer, { answer: '0421' })).toBe(false);
    },
  );

  it('refuses anything when the session holds no 4-digit code', async () => {
    expect(await answerCorrect('04211', { answer: '04211' })).toBe(false);
    expect(await answerCorrect('', { answer: '' })).toBe(false);
    expect(await answerCorrect('0421', {})).toBe(false);
  });
});
