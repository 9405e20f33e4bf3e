import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  USER_STATUS_CONFIRMED,
  USER_STATUS_UNCONFIRMED,
  VERIFICATION_TIMED_OUT_TEXT,
  verificationTimeoutError,
} from '@core/auth-errors';
import { AUTO_SIGN_IN_POLL_MS, AUTO_SIGN_IN_TIMEOUT_MS } from '@core/constants';
import { existingAccountStatus } from '../lib/account-status';
import { AutoSignInTimeoutError, waitForAutoSignIn } from './auto-sign-in';
import {
  clearPendingRedirect,
  peekPendingRedirect,
  redirectTarget,
  setPendingRedirect,
} from '../lib/pending-redirect';
import { parseRuntimeConfig } from '../../../lib/auth/runtime-config';
import { hasStoredSession } from '../lib/stored-session';
import { withTimeout } from '../lib/with-timeout';

afterEach(() => {
  vi.useRealTimers();
  clearPendingRedirect();
  localStorage.clear();
});

describe('withTimeout (§4 OTP time-out)', () => {
  it('rejects with the time-out error after the time', async () => {
    vi.useFakeTimers();
    const settled = withTimeout(new Promise(() => {}), 15_000, verificationTimeoutError);
    const check = expect(settled).rejects.toThrow(VERIFICATION_TIMED_OUT_TEXT);
    await vi.advanceTimersByTimeAsync(15_000);
    await check;
  });

  it('settles with the answer when it comes first, and calls no late handler', async () => {
    const onLate = vi.fn();
    await expect(
      withTimeout(Promise.resolve(7), 10, verificationTimeoutError, onLate),
    ).resolves.toBe(7);
    expect(onLate).not.toHaveBeenCalled();
  });

  it('hands an answer that arrives after the time-out to the late handler', async () => {
    vi.useFakeTimers();
    let answer!: (value: string) => void;
    const onLate = vi.fn();
    const settled = withTimeout(
      new Promise<string>((resolve) => (answer = resolve)),
      15_000,
      verificationTimeoutError,
      onLate,
    );
    const check = expect(settled).rejects.toThrow(VERIFICATION_TIMED_OUT_TEXT);
    await vi.advanceTimersByTimeAsync(15_000);
    await check;
    answer('DONE');
    await vi.waitFor(() => expect(onLate).toHaveBeenCalledWith('DONE'));
  });
});

describe('waitForAutoSignIn (§4: up to 180000 ms, every 5 s)', () => {
  it('asks again every 5 s while the account waits for confirmation, then returns', async () => {
    vi.useFakeTimers();
    const asked: number[] = [];
    const answers = ['CONFIRM_SIGN_UP', 'CONFIRM_SIGN_UP', 'DONE'];
    const start = Date.now();
    const result = waitForAutoSignIn(async () => {
      asked.push(Date.now() - start);
      return { step: answers.shift()! };
    });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ step: 'DONE' });
    expect(asked).toEqual([0, AUTO_SIGN_IN_POLL_MS, 2 * AUTO_SIGN_IN_POLL_MS]);
  });

  it('gives up at 180000 ms', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const waiting = waitForAutoSignIn(async () => {
      attempts += 1;
      return { step: 'CONFIRM_SIGN_UP' };
    });
    const check = expect(waiting).rejects.toBeInstanceOf(AutoSignInTimeoutError);
    await vi.runAllTimersAsync();
    await check;
    expect(attempts).toBe(AUTO_SIGN_IN_TIMEOUT_MS / AUTO_SIGN_IN_POLL_MS + 1);
  });

  it('passes other errors on at once', async () => {
    const failing = waitForAutoSignIn(async () => {
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
  });
});

describe('pending redirect (§2)', () => {
  it('is used once, only for local paths, never for the current path', () => {
    setPendingRedirect('https://evil.example/');
    setPendingRedirect('//evil.example/');
    expect(peekPendingRedirect()).toBeUndefined();
    setPendingRedirect('/profile?tab=1');
    expect(redirectTarget('/dashboard/', '/login')).toBe('/profile?tab=1');
    expect(redirectTarget('/dashboard/', '/profile')).toBe('/dashboard/');
    clearPendingRedirect();
    expect(redirectTarget('/dashboard/', '/login')).toBe('/dashboard/');
  });
});

describe('existing account status (§8 status check)', () => {
  it('is UNCONFIRMED when a code could be sent, CONFIRMED when the service says so', async () => {
    await expect(existingAccountStatus(async () => {}, 'a@x.com')).resolves.toBe(
      USER_STATUS_UNCONFIRMED,
    );
    const confirmed = async () => {
      throw Object.assign(new Error('User is already confirmed.'), {
        name: 'InvalidParameterException',
      });
    };
    await expect(existingAccountStatus(confirmed, 'a@x.com')).resolves.toBe(USER_STATUS_CONFIRMED);
    const other = async () => {
      throw new Error('network');
    };
    await expect(existingAccountStatus(other, 'a@x.com')).resolves.toBeUndefined();
  });
});

describe('runtime config', () => {
  it('takes the required and optional keys and nothing else', () => {
    expect(
      parseRuntimeConfig({
        region: 'us-east-2',
        userPoolId: 'p',
        userPoolClientId: 'c',
        identityEndpoint: 'http://127.0.0.1:9',
        graphqlApiKey: '',
        extra: 'x',
      }),
    ).toEqual({
      region: 'us-east-2',
      userPoolId: 'p',
      userPoolClientId: 'c',
      identityEndpoint: 'http://127.0.0.1:9',
    });
  });

  it('refuses a file without the user pool', () => {
    expect(() => parseRuntimeConfig({ region: 'us-east-2' })).toThrow('userPoolId');
    expect(() => parseRuntimeConfig(null)).toThrow();
  });
});

describe('stored session check', () => {
  it("looks for the identity library's access token key in localStorage", () => {
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('CognitoIdentityServiceProvider.c.LastAuthUser', 'u');
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.c.u.accessToken', 'token');
    expect(hasStoredSession()).toBe(true);
  });
});
