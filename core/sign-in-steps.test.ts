import { describe, expect, it } from 'vitest';
import { otpStepOutcome, signInStepOutcome, type SignInAnswer } from './sign-in-steps';

const answer = (step: string, additionalInfo: Record<string, string> = {}): SignInAnswer => ({
  step,
  additionalInfo,
});
const sdkError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('§4 password step', () => {
  it('is done on DONE', () => {
    expect(signInStepOutcome(answer('DONE'))).toEqual({ kind: 'done' });
  });

  it("asks for the code when the challenge's trigger is 'true', with the masked phone", () => {
    expect(
      signInStepOutcome(
        answer('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', { trigger: 'true', phone: '+*******0003' }),
      ),
    ).toEqual({ kind: 'otp', phone: '+*******0003' });
    expect(
      signInStepOutcome(answer('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', { trigger: 'true' })),
    ).toEqual({ kind: 'otp', phone: undefined });
  });

  it('treats a custom challenge without the trigger as an authentication error', () => {
    expect(
      signInStepOutcome(answer('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', { trigger: 'false' })),
    ).toEqual({ kind: 'error', message: 'Authentication error. Please try again.' });
  });

  it('sends an unconfirmed account to /verify-code and a reset one to /forget-password', () => {
    expect(signInStepOutcome(answer('CONFIRM_SIGN_UP'))).toEqual({
      kind: 'verify-code',
      to: '/verify-code',
    });
    expect(signInStepOutcome(answer('RESET_PASSWORD'))).toEqual({
      kind: 'reset-password',
      to: '/forget-password',
    });
  });

  it.each([
    'CONFIRM_SIGN_IN_WITH_SMS_CODE',
    'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
    'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
    'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
    'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
  ])('treats %s as an authentication error (§8 unexpected step)', (step) => {
    expect(signInStepOutcome(answer(step))).toEqual({
      kind: 'error',
      message: 'Authentication error. Please try again.',
    });
  });
});

describe('§4/§8 code step', () => {
  it('is done on DONE', () => {
    expect(otpStepOutcome({ answer: answer('DONE') })).toEqual({ kind: 'done' });
  });

  it('asks again after a wrong code, with the invalid-code text', () => {
    expect(
      otpStepOutcome({
        answer: answer('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', { trigger: 'true' }),
      }),
    ).toEqual({
      kind: 'retry',
      message: 'The verification code you entered is invalid. Please try again.',
    });
  });

  it('treats any other step as an authentication error', () => {
    expect(otpStepOutcome({ answer: answer('CONTINUE_SIGN_IN_WITH_TOTP_SETUP') })).toEqual({
      kind: 'error',
      message: 'Authentication error. Please try again.',
    });
  });

  it('restarts at the password when the service ended the sign-in', () => {
    expect(
      otpStepOutcome({
        error: sdkError('NotAuthorizedException', 'Incorrect username or password.'),
      }),
    ).toEqual({
      kind: 'restart',
      message: 'The verification code you entered is invalid. Please try again.',
    });
    expect(
      otpStepOutcome({
        error: sdkError('NotAuthorizedException', 'Invalid session for the user.'),
      }),
    ).toEqual({ kind: 'restart', message: 'Session expired. Please request a new code.' });
  });

  it('keeps the step for other errors, the §4 time-out included', () => {
    expect(
      otpStepOutcome({ error: new Error('Verification timed out. Please try again.') }),
    ).toEqual({ kind: 'error', message: 'Verification timed out. Please try again.' });
    expect(otpStepOutcome({ error: new Error('') })).toEqual({
      kind: 'error',
      message: 'Verification failed. Please try again.',
    });
  });
});
