import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  USER_STATUS_CONFIRMED,
  USER_STATUS_UNCONFIRMED,
  VERIFICATION_TIMED_OUT_TEXT,
  verificationTimeoutError,
} from '../../../../../core/auth-errors';
import { AUTO_SIGN_IN_POLL_MS, AUTO_SIGN_IN_TIMEOUT_MS } from '../../../../../core/constants';
import { existingAccountStatus } from './account-status';
import { AutoSignInTimeoutError, waitForAutoSignIn } from './auto-sign-in';
import {
  clearPendingRedirect,
  isAdminPath,
  peekPendingRedirect,
  redirectTarget,
  setPendingRedirect,
} from './pending-redirect';
import { parseRuntimeConfig } from './runtime-config';
import { hasStoredSession } from './stored-session';
import { withTimeout } from './with-timeout';

afterEach(() => {
  vi.useRealTimers();
  clearPendingRedirect();
});

describe('withTimeout (§4 OTP time-out)', () => {
  it('rejects with the time-out error after the time', async () => {
    vi.useFakeTimers();
    const settled = withTimeout(new Promise(() => {}), 15_000, verificationTimeoutError);
    const check = expect(settled).rejects.toThrow(VERIFICATION_TIMED_OUT_TEXT);
    await vi.advanceTimersByTimeAsync(15_000);
    await check;
  });

  it('settles with the answer when it comes first', async () => {
    await expect(withTimeout(Promise.resolve(7), 10, verificationTimeoutError)).resolves.toBe(7);
  });
});

describe('waitForAutoSignIn (§4: up to 180000 ms, every 5 s)', () => {
  it('asks again every 5 s while the account waits for confirmation, then returns', async () => {
    let clock = 0;
    const sleeps: number[] = [];
    const answers = ['CONFIRM_SIGN_UP', 'CONFIRM_SIGN_UP', 'DONE'];
    const result = await waitForAutoSignIn(async () => ({ step: answers.shift()! }), {
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
    });
    expect(result.step).toBe('DONE');
    expect(sleeps).toEqual([AUTO_SIGN_IN_POLL_MS, AUTO_SIGN_IN_POLL_MS]);
  });

  it('gives up at 180000 ms', async () => {
    let clock = 0;
    let attempts = 0;
    const waiting = waitForAutoSignIn(
      async () => {
        attempts += 1;
        return { step: 'CONFIRM_SIGN_UP' };
      },
      { now: () => clock, sleep: async (ms) => void (clock += ms) },
    );
    await expect(waiting).rejects.toBeInstanceOf(AutoSignInTimeoutError);
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

  it('knows the admin paths', () => {
    expect(isAdminPath('/admin/settings/users')).toBe(true);
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
    expect(isAdminPath(undefined)).toBe(false);
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
  it("looks for the identity library's access token key", () => {
    const storage = (keys: string[]) => ({
      length: keys.length,
      key: (i: number) => keys[i] ?? null,
    });
    expect(hasStoredSession(storage([]))).toBe(false);
    expect(
      hasStoredSession(storage(['theme', 'CognitoIdentityServiceProvider.c.LastAuthUser'])),
    ).toBe(false);
    expect(hasStoredSession(storage(['CognitoIdentityServiceProvider.c.u.accessToken']))).toBe(
      true,
    );
    expect(hasStoredSession(undefined)).toBe(false);
  });
});
