import { act, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyPermissionSet } from '@core/permissions';
import type { SessionState } from '@core/session';
import { resetIdentityForTests } from '../../../lib/auth/identity';
import { useAuth } from '../../../lib/auth/auth-context';
import { AuthProvider } from './AuthProvider';
import * as amplify from '../../../testing/amplify-mock';
import {
  STORED_TOKEN_KEY,
  storeSession,
  stubApis,
  TEST_CONFIG,
  type ApiAnswers,
} from '../../../testing/render-app';

let seen: SessionState | undefined;
const record = (state: SessionState) => {
  seen = state;
};
function Probe() {
  const { state } = useAuth();
  useEffect(() => record(state), [state]);
  return <p>{state.isInitialized ? 'ready' : 'initialising'}</p>;
}

function start(signedIn: boolean, answers: ApiAnswers = {}) {
  const requests = stubApis(answers);
  storeSession(signedIn);
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
  return requests;
}

/** Start-up has finished, as the probe recorded it (its effect runs after the render). */
const initialised = () => waitFor(() => expect(seen?.isInitialized).toBe(true));

type HubListener = (data: { payload: { event: string; data?: unknown } }) => void;

/** Signs in at start-up and returns what the identity library's Hub would call. */
async function signedInWithHub(): Promise<HubListener> {
  amplify.signedInAs({ email: 'u@example.com' });
  start(true);
  await waitFor(() => expect(seen?.isAuthenticated).toBe(true));
  await waitFor(() => expect(amplify.Hub.listen).toHaveBeenCalled());
  return (amplify.Hub.listen.mock.calls[0] as unknown as [string, HubListener])[1];
}

beforeEach(() => {
  amplify.resetAmplifyMock();
  resetIdentityForTests();
  localStorage.clear();
  seen = undefined;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('auth provider: start-up and sessions ending elsewhere (SPEC §4, §8)', () => {
  it('is anonymous at once without a stored session, without loading the identity library', async () => {
    const requests = start(false);
    await initialised();
    expect(seen).toMatchObject({ isAuthenticated: false, isInitialized: true, user: null });
    expect(requests).toHaveLength(0);
    expect(amplify.fetchAuthSession).not.toHaveBeenCalled();
  });

  it('configures the identity library from /config.json and reads the session', async () => {
    amplify.signedInAs({ sub: 'sub-9', email: 'ed@example.com', groups: ['editor'] });
    const set = emptyPermissionSet();
    const requests = start(true, {
      user: { email: 'ed@example.com', subscription: { status: 'active' } },
      permissions: { permissionSet: { accessLevels: set } },
    });
    await initialised();
    expect(amplify.Amplify.configure).toHaveBeenCalledWith({
      Auth: {
        Cognito: {
          userPoolId: TEST_CONFIG.userPoolId,
          userPoolClientId: TEST_CONFIG.userPoolClientId,
          userPoolEndpoint: TEST_CONFIG.identityEndpoint,
          loginWith: { email: true },
        },
      },
    });
    expect(seen).toMatchObject({
      isAuthenticated: true,
      isEditor: true,
      isAdmin: false,
      user: { id: 'sub-9', email: 'ed@example.com' },
      subscription: { status: 'active' },
      permissions: set,
    });
    const user = requests.find((r) => r.url === '/api/subscription/user')!;
    expect(user.init?.method).toBe('POST');
    expect(new Headers(user.init?.headers).get('Authorization')).toBe('id-token-of-ed@example.com');
    expect(new Headers(user.init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(user.init?.body))).toEqual({ email: 'ed@example.com' });
  });

  it('is anonymous when the stored session is gone (refresh refused)', async () => {
    start(true);
    await initialised();
    expect(seen?.isAuthenticated).toBe(false);
  });

  it('empties subscription and permissions when they cannot be loaded (an editor gets no rights)', async () => {
    amplify.signedInAs({ email: 'ed@example.com', groups: ['editor'] });
    start(true, { user: new Response('{}', { status: 404 }) });
    await initialised();
    expect(seen?.subscription).toBeNull();
    expect(seen?.permissions).toEqual(emptyPermissionSet());
  });

  it('ends the session when the identity library reports a sign-out', async () => {
    const hub = await signedInWithHub();
    act(() => hub({ payload: { event: 'signedOut' } }));
    await waitFor(() => expect(seen?.isAuthenticated).toBe(false));
  });

  it('ends the session when a token refresh is refused (refresh token revoked or expired)', async () => {
    const hub = await signedInWithHub();
    const refused = amplify.serviceError('NotAuthorizedException', 'Refresh Token has expired');
    act(() => hub({ payload: { event: 'tokenRefresh_failure', data: { error: refused } } }));
    await waitFor(() => expect(seen?.isAuthenticated).toBe(false));
  });

  it.each([
    ['a network error', 'NetworkError', 'A network error has occurred.'],
    ['throttling', 'TooManyRequestsException', 'Rate exceeded'],
    ['a 5xx', 'InternalErrorException', 'Internal error'],
  ])('keeps the session when a token refresh fails with %s (§8)', async (_what, name, message) => {
    const hub = await signedInWithHub();
    const error = amplify.serviceError(name, message);
    act(() => hub({ payload: { event: 'tokenRefresh_failure', data: { error } } }));
    // The listener has run (synchronously): nothing changed.
    expect(seen?.isAuthenticated).toBe(true);
  });

  it('ends the session when another tab signs out (its tokens leave localStorage)', async () => {
    await signedInWithHub();
    localStorage.removeItem(STORED_TOKEN_KEY);
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: STORED_TOKEN_KEY, storageArea: localStorage }),
      );
    });
    await waitFor(() => expect(seen?.isAuthenticated).toBe(false));
  });

  it('stays signed in when another tab only writes unrelated storage or refreshes tokens', async () => {
    await signedInWithHub();
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'theme', storageArea: localStorage }),
      );
      window.dispatchEvent(
        new StorageEvent('storage', { key: STORED_TOKEN_KEY, storageArea: localStorage }),
      );
    });
    expect(seen?.isAuthenticated).toBe(true);
  });

  it('starts signed out when the service refused the stored session (revoked elsewhere)', async () => {
    amplify.signedInAs({ email: 'u@example.com' });
    amplify.fetchUserAttributes.mockRejectedValue(
      amplify.serviceError('NotAuthorizedException', 'Access Token has been revoked'),
    );
    start(true, { user: { email: 'u@example.com', subscription: null } });
    await initialised();
    expect(seen).toMatchObject({ isAuthenticated: false, user: null });
    // The dead tokens are cleared on this device too.
    expect(amplify.signOut).toHaveBeenCalled();
  });

  it('keeps the session when the check cannot reach the service', async () => {
    amplify.signedInAs({ email: 'u@example.com' });
    amplify.fetchUserAttributes.mockRejectedValue(
      amplify.serviceError('NetworkError', 'A network error has occurred.'),
    );
    start(true, { user: { email: 'u@example.com', subscription: null } });
    await initialised();
    expect(seen).toMatchObject({ isAuthenticated: true });
    expect(amplify.signOut).not.toHaveBeenCalled();
  });
});
