import { vi } from 'vitest';

/**
 * Stand-ins for 'aws-amplify', 'aws-amplify/auth' and 'aws-amplify/utils' in component tests:
 *
 *   vi.mock('aws-amplify', () => import('./amplify-mock'));
 *   vi.mock('aws-amplify/auth', () => import('./amplify-mock'));
 *   vi.mock('aws-amplify/utils', () => import('./amplify-mock'));
 *
 * Every function is a vi.fn; resetAmplifyMock() gives the anonymous defaults.
 */
export const Amplify = { configure: vi.fn() };
export const Hub = { listen: vi.fn(() => () => {}) };

export const signIn = vi.fn();
export const confirmSignIn = vi.fn();
export const signUp = vi.fn();
export const confirmSignUp = vi.fn();
export const resendSignUpCode = vi.fn();
export const autoSignIn = vi.fn();
export const resetPassword = vi.fn();
export const confirmResetPassword = vi.fn();
export const updatePassword = vi.fn();
export const fetchUserAttributes = vi.fn();
export const signOut = vi.fn();
export const fetchAuthSession = vi.fn();
export const getCurrentUser = vi.fn();

/** A JWT-like token as Amplify hands it out: a payload and toString(). */
export const token = (payload: Record<string, unknown>, text = 'id-token') => ({
  payload,
  toString: () => text,
});

export interface MockUser {
  readonly sub?: string;
  readonly email: string;
  readonly phone?: string;
  readonly groups?: readonly string[];
}

/** Makes fetchAuthSession/getCurrentUser answer as for a signed-in user. */
export function signedInAs({ sub = 'sub-1', email, phone, groups }: MockUser): void {
  fetchAuthSession.mockResolvedValue({
    tokens: {
      idToken: token({ sub, email, phone_number: phone }, `id-token-of-${email}`),
      accessToken: token(groups ? { 'cognito:groups': groups } : {}, 'access-token'),
    },
  });
  getCurrentUser.mockResolvedValue({ userId: sub, username: sub });
}

export function signedOut(): void {
  fetchAuthSession.mockResolvedValue({ tokens: undefined });
  getCurrentUser.mockRejectedValue(
    Object.assign(new Error('User needs to be authenticated'), {
      name: 'UserUnAuthenticatedException',
    }),
  );
}

/** An error as the identity service raises it (name = exception type). */
export const serviceError = (name: string, message: string) =>
  Object.assign(new Error(message), { name });

export function resetAmplifyMock(): void {
  for (const fn of [
    Amplify.configure,
    signIn,
    confirmSignIn,
    signUp,
    confirmSignUp,
    resendSignUpCode,
    autoSignIn,
    resetPassword,
    confirmResetPassword,
    updatePassword,
    fetchUserAttributes,
    signOut,
    fetchAuthSession,
    getCurrentUser,
  ]) {
    fn.mockReset();
  }
  Hub.listen.mockReset().mockReturnValue(() => {});
  signedOut();
  signOut.mockResolvedValue(undefined);
}
