import { describe, expect, it } from 'vitest';
import {
  alreadySignedInError,
  endsSession,
  customOtpLoginText,
  errorMessage,
  errorName,
  isAlreadySignedIn,
  loginConfirmErrorText,
  loginErrorOutcome,
  otpStepErrorText,
  refreshEndsSession,
  registrationErrorResult,
  serviceErrorText,
  statusCheckText,
  verificationTimeoutError,
} from './auth-errors';

const sdkError = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('§8 error shapes', () => {
  it('reads name (or legacy code) and message from errors, objects and strings', () => {
    expect(errorName(sdkError('CodeMismatchException'))).toBe('CodeMismatchException');
    expect(errorName({ code: 'ExpiredCodeException', name: 'Error' })).toBe('ExpiredCodeException');
    expect(errorName('oops')).toBe('');
    expect(errorName(null)).toBe('');
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('plain text')).toBe('plain text');
    expect(errorMessage({ message: 42 })).toBe('');
    expect(errorMessage(undefined)).toBe('');
  });
});

describe('§8 OTP step errors', () => {
  it("maps 'Invalid session' to the session-expired text", () => {
    expect(otpStepErrorText(new Error('Invalid session for the user.'))).toBe(
      'Session expired. Please request a new code.',
    );
  });

  it.each(['Incorrect username or password.', 'You entered an incorrect code', 'Failed to verify'])(
    'maps %j to the invalid-code text',
    (message) => {
      expect(otpStepErrorText(new Error(message))).toBe(
        'The verification code you entered is invalid. Please try again.',
      );
    },
  );

  it('shows a time-out message as it is, including the §4 verification time-out', () => {
    expect(otpStepErrorText(new Error('Request timed out after 30s'))).toBe(
      'Request timed out after 30s',
    );
    const timeout = verificationTimeoutError();
    expect(timeout.message).toBe('Verification timed out. Please try again.');
    expect(otpStepErrorText(timeout)).toBe('Verification timed out. Please try again.');
  });

  it('otherwise shows the message, or the generic text without one', () => {
    expect(otpStepErrorText(new Error('Something odd'))).toBe('Something odd');
    expect(otpStepErrorText(new Error(''))).toBe('Verification failed. Please try again.');
    expect(otpStepErrorText(undefined)).toBe('Verification failed. Please try again.');
  });
});

describe('§8 login confirm errors', () => {
  it.each([
    ['CodeMismatchException', 'The verification code you entered is invalid. Please try again.'],
    ['ExpiredCodeException', 'The verification code has expired. Please request a new code.'],
    ['NotAuthorizedException', 'Your session has expired. Please start the login process again.'],
    ['TooManyRequestsException', 'Too many attempts. Please try again later.'],
    ['LimitExceededException', 'Too many attempts. Please try again later.'],
    ['TooManyFailedAttemptsException', 'Too many attempts. Please try again later.'],
    ['UserNotFoundException', 'User not found. Please check your credentials.'],
  ])('%s gives its text', (name, text) => {
    expect(loginConfirmErrorText(sdkError(name, 'service message'))).toBe(text);
  });

  it('falls back to the message when the exception name is lost', () => {
    expect(
      loginConfirmErrorText(new Error('Invalid session for the user, session is expired.')),
    ).toBe('Your session has expired. Please start the login process again.');
    expect(loginConfirmErrorText(new Error('Invalid verification code provided'))).toBe(
      'The verification code you entered is invalid. Please try again.',
    );
    expect(loginConfirmErrorText(new Error('Code has expired'))).toBe(
      'The verification code has expired. Please request a new code.',
    );
    expect(
      loginConfirmErrorText(new Error('Attempt limit exceeded, please try after some time.')),
    ).toBe('Too many attempts. Please try again later.');
    expect(loginConfirmErrorText(new Error('User does not exist.'))).toBe(
      'User not found. Please check your credentials.',
    );
  });

  it('shows other messages as they are, or the authentication error', () => {
    expect(loginConfirmErrorText(new Error('Network down'))).toBe('Network down');
    expect(loginConfirmErrorText({})).toBe('Authentication error. Please try again.');
  });
});

describe('§8 service messages', () => {
  it('shows the message as it is, or the generic text without one', () => {
    expect(serviceErrorText(new Error('Password attempts exceeded'))).toBe(
      'Password attempts exceeded',
    );
    expect(serviceErrorText(new Error(''))).toBe('Authentication error. Please try again.');
    expect(serviceErrorText(undefined)).toBe('Authentication error. Please try again.');
  });
});

describe('§4/§8 login errors', () => {
  it('sends an unconfirmed account to /verify-code', () => {
    expect(
      loginErrorOutcome(sdkError('UserNotConfirmedException', 'User is not confirmed.')),
    ).toEqual({ kind: 'verify-code', to: '/verify-code' });
  });

  it("shows any other service message in the alert titled 'Error'", () => {
    expect(
      loginErrorOutcome(sdkError('NotAuthorizedException', 'Incorrect username or password.')),
    ).toEqual({
      kind: 'alert',
      title: 'Error',
      message: 'Incorrect username or password.',
    });
  });
});

describe('§8 registration errors', () => {
  it("maps 'User limit reached' to the registration-closed text", () => {
    expect(
      registrationErrorResult(
        sdkError(
          'UserLambdaValidationException',
          'PreSignUp failed with error User limit reached.',
        ),
      ),
    ).toEqual({
      isUnconfirmed: false,
      message: 'Registration is currently not available - Maximum users reached',
    });
  });

  it('flags an existing unconfirmed user', () => {
    const exists = sdkError(
      'UsernameExistsException',
      'An account with the given email already exists.',
    );
    expect(registrationErrorResult(exists, 'UNCONFIRMED')).toEqual({
      isUnconfirmed: true,
      message: 'An account with the given email already exists.',
    });
    expect(registrationErrorResult(exists, 'CONFIRMED').isUnconfirmed).toBe(false);
    expect(registrationErrorResult(exists).isUnconfirmed).toBe(false);
  });
});

describe('§8 status check', () => {
  it("reports 'User does not exist' for an unknown user and the status otherwise", () => {
    expect(
      statusCheckText({ error: sdkError('UserNotFoundException', 'User does not exist.') }),
    ).toBe('User does not exist');
    expect(statusCheckText({ userStatus: 'CONFIRMED' })).toBe('CONFIRMED');
    expect(statusCheckText({ userStatus: 'UNCONFIRMED' })).toBe('UNCONFIRMED');
  });

  it('rethrows any other error', () => {
    const other = new Error('Rate exceeded');
    expect(() => statusCheckText({ error: other })).toThrow(other);
  });
});

describe('§8 custom OTP login', () => {
  it.each(['Incorrect username or password.', 'Password attempts exceeded'])(
    "%j gives 'OTP flow initiated'",
    (message) => {
      expect(customOtpLoginText(sdkError('NotAuthorizedException', message))).toBe(
        'OTP flow initiated',
      );
    },
  );

  it('leaves other errors to the caller', () => {
    expect(customOtpLoginText(new Error('User is disabled.'))).toBeUndefined();
  });
});

describe('§4 already signed in', () => {
  it('has the exact text and is recognised by name or message', () => {
    const error = alreadySignedInError();
    expect(error.message).toBe('There is already a signed in user.');
    expect(isAlreadySignedIn(error)).toBe(true);
    expect(isAlreadySignedIn(new Error('There is already a signed in user.'))).toBe(true);
    expect(isAlreadySignedIn(new Error('Incorrect username or password.'))).toBe(false);
  });
});

describe('a refused session', () => {
  const refused = (message: string, name = 'NotAuthorizedException') =>
    Object.assign(new Error(message), { name });
  it('ends on revoked tokens and disabled accounts', () => {
    expect(endsSession(refused('Access Token has been revoked'))).toBe(true);
    expect(endsSession(refused('Refresh Token has been revoked'))).toBe(true);
    expect(endsSession(refused('User is disabled.'))).toBe(true);
  });
  it('does not end on wrong passwords, expired codes or other services’ errors', () => {
    expect(endsSession(refused('Incorrect username or password.'))).toBe(false);
    expect(endsSession(refused('Invalid session for the user, session is expired.'))).toBe(false);
    expect(endsSession(refused('Access Token has been revoked', 'InternalErrorException'))).toBe(
      false,
    );
    expect(endsSession(new Error('network'))).toBe(false);
  });
});

describe('§8 a failed token refresh', () => {
  const failed = (name: string) => Object.assign(new Error('refresh failed'), { name });
  it('ends the session when the refresh token was refused', () => {
    for (const name of [
      'NotAuthorizedException',
      'TokenRevokedException',
      'UserNotFoundException',
      'PasswordResetRequiredException',
      'UserNotConfirmedException',
      'RefreshTokenReuseException',
    ]) {
      expect(refreshEndsSession(failed(name))).toBe(true);
    }
  });
  it('keeps it on network errors, throttling and service errors', () => {
    for (const name of [
      'NetworkError',
      'TooManyRequestsException',
      'InternalErrorException',
      'ServiceUnavailableException',
      'Unknown',
    ]) {
      expect(refreshEndsSession(failed(name))).toBe(false);
    }
    expect(refreshEndsSession(undefined)).toBe(false);
  });
});

describe('trigger refusals (UserLambdaValidationException)', () => {
  it("show the trigger's own message, once punctuated", () => {
    const refusal = {
      name: 'UserLambdaValidationException',
      message:
        'CreateAuthChallenge failed with error Too many verification codes were sent. Please try again in 10 minutes..',
    };
    expect(errorMessage(refusal)).toBe(
      'Too many verification codes were sent. Please try again in 10 minutes.',
    );
    expect(loginErrorOutcome(refusal)).toEqual({
      kind: 'alert',
      title: 'Error',
      message: 'Too many verification codes were sent. Please try again in 10 minutes.',
    });
    expect(
      otpStepErrorText(
        'VerifyAuthChallengeResponse failed with error Too many wrong verification codes. Please try again in 15 minutes.',
      ),
    ).toBe('Too many wrong verification codes. Please try again in 15 minutes.');
  });
});
