import type {
  CreateAuthChallengeTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { SmsSender } from '../ports/sms-sender';
import { createChallenge } from './create-auth-challenge';
import { decide, handler as define } from './define-auth-challenge';
import { maskPhone, newOtpCode, otpMatches } from './otp-code';
import { handler as verify } from './verify-auth-challenge';

type Step = { challengeName: string; challengeResult: boolean; challengeMetadata?: string };
const srp: Step[] = [
  { challengeName: 'SRP_A', challengeResult: true },
  { challengeName: 'PASSWORD_VERIFIER', challengeResult: true },
];
const code = (ok: boolean): Step => ({ challengeName: 'CUSTOM_CHALLENGE', challengeResult: ok });
const defineEvent = (session: Step[], otp?: string) =>
  ({
    request: { session, userAttributes: {}, ...(otp ? { clientMetadata: { otp } } : {}) },
    response: {},
  }) as unknown as DefineAuthChallengeTriggerEvent;

describe('define auth challenge (SPEC §4 OTP step, CUSTOM_WITH_SRP)', () => {
  it('asks for the code after the password only when the client says otp=true', () => {
    expect(decide(srp as never, { otp: 'true' })).toMatchObject({
      challengeName: 'CUSTOM_CHALLENGE',
    });
    expect(decide(srp as never, { otp: 'false' })).toEqual({
      issueTokens: true,
      failAuthentication: false,
    });
    expect(decide(srp as never, undefined)).toMatchObject({ issueTokens: true });
  });

  it('issues tokens after a right code, asks again after a wrong one, fails at the third', async () => {
    expect(decide([...srp, code(true)] as never, { otp: 'true' })).toMatchObject({
      issueTokens: true,
    });
    expect(decide([...srp, code(false)] as never, { otp: 'true' })).toMatchObject({
      challengeName: 'CUSTOM_CHALLENGE',
    });
    expect(decide([...srp, code(false), code(false)] as never, { otp: 'true' })).toMatchObject({
      challengeName: 'CUSTOM_CHALLENGE',
    });
    expect(
      decide([...srp, code(false), code(false), code(false)] as never, { otp: 'true' }),
    ).toEqual({
      issueTokens: false,
      failAuthentication: true,
    });
    const event = await define(defineEvent([...srp, code(false), code(true)], 'true'));
    expect(event.response).toMatchObject({ issueTokens: true, failAuthentication: false });
  });

  it('fails a session that did not prove the password first', () => {
    expect(decide([] as never, { otp: 'true' })).toMatchObject({ failAuthentication: true });
    expect(decide([{ challengeName: 'SRP_A', challengeResult: true }] as never, {})).toMatchObject({
      failAuthentication: true,
    });
    expect(decide([srp[0]!, { ...srp[1]!, challengeResult: false }] as never, {})).toMatchObject({
      failAuthentication: true,
    });
    expect(decide([code(true)] as never, {})).toMatchObject({ failAuthentication: true });
  });
});

describe('create auth challenge', () => {
  const sent: { to: string; text: string }[] = [];
  const sms: SmsSender = { send: async (to, text) => void sent.push({ to, text }) };
  const event = () =>
    ({
      request: {
        challengeName: 'CUSTOM_CHALLENGE',
        session: srp,
        userAttributes: { phone_number: '+15551234567', email: 'ann@example.com' },
      },
      response: {},
    }) as unknown as CreateAuthChallengeTriggerEvent;

  it('texts a 4-digit code, keeps it private and tells the client trigger=true', async () => {
    const result = await createChallenge(sms)(event());
    const answer = result.response.privateChallengeParameters.answer!;
    expect(answer).toMatch(/^\d{4}$/);
    expect(sent.at(-1)).toEqual({
      to: '+15551234567',
      text: expect.stringContaining(answer) as string,
    });
    expect(result.response.publicChallengeParameters).toEqual({
      trigger: 'true',
      phone: '+*******4567',
    });
    expect(JSON.stringify(result.response.publicChallengeParameters)).not.toContain(answer);
    expect(result.response.challengeMetadata).not.toContain(answer);
  });
});

describe('verify auth challenge response', () => {
  const event = (answer: string, stored: string) =>
    ({
      request: {
        challengeAnswer: answer,
        privateChallengeParameters: { answer: stored },
        userAttributes: {},
      },
      response: {},
    }) as unknown as VerifyAuthChallengeResponseTriggerEvent;

  it('accepts exactly the 4-digit code', async () => {
    expect((await verify(event('0421', '0421'))).response.answerCorrect).toBe(true);
    expect((await verify(event('0422', '0421'))).response.answerCorrect).toBe(false);
    expect((await verify(event(' 0421', '0421'))).response.answerCorrect).toBe(false);
    expect((await verify(event('04211', '04211'))).response.answerCorrect).toBe(false);
  });
});

describe('one-time codes', () => {
  it('are 4 digits with leading zeros and spread over the whole range', () => {
    const codes = Array.from({ length: 2_000 }, newOtpCode);
    expect(codes.every((c) => /^\d{4}$/.test(c))).toBe(true);
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
    expect(otpMatches(1234, '1234')).toBe(false);
    expect(maskPhone(undefined)).toBe('');
  });
});
