import { describe, expect, it } from 'vitest';
import { decide, handler } from './define-auth-challenge';
import {
  codeStep,
  defineEvent,
  passwordOk,
  passwordWrong,
  srpA,
  type Step,
} from './trigger-event-fixtures';

const otp = { otp: 'true' };
const next = async (session: Step[], metadata?: Record<string, string>) =>
  (await handler(defineEvent(session, metadata))).response;

describe('define auth challenge (SPEC §4 OTP step, CUSTOM_WITH_SRP)', () => {
  it('answers the opening SRP_A with the password step, whatever the metadata', async () => {
    expect(await next([srpA])).toMatchObject({
      challengeName: 'PASSWORD_VERIFIER',
      issueTokens: false,
      failAuthentication: false,
    });
    expect(await next([srpA], otp)).toMatchObject({ challengeName: 'PASSWORD_VERIFIER' });
  });

  it('after the password, asks for the code only when the client says otp=true', async () => {
    expect(await next([srpA, passwordOk], otp)).toMatchObject({
      challengeName: 'CUSTOM_CHALLENGE',
      issueTokens: false,
      failAuthentication: false,
    });
    const others: (Record<string, string> | undefined)[] = [{ otp: 'false' }, { otp: 'TRUE' }, {}];
    for (const metadata of [...others, undefined]) {
      expect(await next([srpA, passwordOk], metadata)).toMatchObject({
        issueTokens: true,
        failAuthentication: false,
      });
    }
  });

  it('issues tokens after a right code, asks again after a wrong one, fails at the third', async () => {
    expect(await next([srpA, passwordOk, codeStep(true)])).toMatchObject({ issueTokens: true });
    expect(await next([srpA, passwordOk, codeStep(false)])).toMatchObject({
      challengeName: 'CUSTOM_CHALLENGE',
    });
    expect(await next([srpA, passwordOk, codeStep(false), codeStep(false)])).toMatchObject({
      challengeName: 'CUSTOM_CHALLENGE',
    });
    expect(await next([srpA, passwordOk, codeStep(false), codeStep(true)])).toMatchObject({
      issueTokens: true,
    });
    const third = await next([srpA, passwordOk, codeStep(false), codeStep(false), codeStep(false)]);
    expect(third).toMatchObject({ issueTokens: false, failAuthentication: true });
  });

  it.each<[string, Step[]]>([
    ['an empty session (CUSTOM_WITHOUT_SRP: no password proof)', []],
    ['a failed SRP_A', [{ ...srpA, challengeResult: false }]],
    ['a wrong password', [srpA, passwordWrong]],
    ['a code without a password', [codeStep(true)]],
    ['a code step in place of the password', [srpA, codeStep(true)]],
    ['a foreign step among the codes', [srpA, passwordOk, codeStep(false), passwordOk]],
  ])('fails %s', async (_, session) => {
    expect(await next(session, otp)).toMatchObject({
      issueTokens: false,
      failAuthentication: true,
    });
  });

  it('decides without the event too (no session at all fails)', () => {
    expect(decide(undefined, otp)).toEqual({ issueTokens: false, failAuthentication: true });
  });
});
