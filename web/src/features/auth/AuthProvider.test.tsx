import { render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyPermissionSet } from '../../../../core/permissions';
import type { SessionState } from '../../../../core/session';
import { resetIdentityForTests } from './api/identity';
import { useAuth } from './auth-context';
import { AuthProvider } from './AuthProvider';
import * as amplify from './testing/amplify-mock';
import { stubApis, TEST_CONFIG, tokenStorage, type ApiAnswers } from './testing/render-app';

vi.mock('aws-amplify', () => import('./testing/amplify-mock'));
vi.mock('aws-amplify/auth', () => import('./testing/amplify-mock'));
vi.mock('aws-amplify/utils', () => import('./testing/amplify-mock'));

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
  render(
    <AuthProvider storage={tokenStorage(signedIn)}>
      <Probe />
    </AuthProvider>,
  );
  return requests;
}

beforeEach(() => {
  amplify.resetAmplifyMock();
  resetIdentityForTests();
  seen = undefined;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('auth provider start-up (SPEC §4)', () => {
  it('is anonymous at once without a stored session, without loading the identity library', async () => {
    const requests = start(false);
    await screen.findByText('ready');
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
    await screen.findByText('ready');
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
    await screen.findByText('ready');
    expect(seen?.isAuthenticated).toBe(false);
  });

  it('empties subscription and permissions when they cannot be loaded (an editor gets no rights)', async () => {
    amplify.signedInAs({ email: 'ed@example.com', groups: ['editor'] });
    start(true, { user: new Response('{}', { status: 404 }) });
    await screen.findByText('ready');
    expect(seen?.subscription).toBeNull();
    expect(seen?.permissions).toEqual(emptyPermissionSet());
  });

  it('ends the session when the identity library reports a sign-out elsewhere', async () => {
    amplify.signedInAs({ email: 'u@example.com' });
    start(true);
    await waitFor(() => expect(seen?.isAuthenticated).toBe(true));
    await waitFor(() => expect(amplify.Hub.listen).toHaveBeenCalled());
    const listener = amplify.Hub.listen.mock.calls[0] as unknown as [
      string,
      (data: { payload: { event: string } }) => void,
    ];
    listener[1]({ payload: { event: 'signedOut' } });
    await waitFor(() => expect(seen?.isAuthenticated).toBe(false));
  });

  it('starts signed out when the service refused the stored session (revoked elsewhere)', async () => {
    amplify.signedInAs({ email: 'u@example.com' });
    amplify.fetchUserAttributes.mockRejectedValue(
      amplify.serviceError('NotAuthorizedException', 'Access Token has been revoked'),
    );
    start(true, { user: { email: 'u@example.com', subscription: null } });
    await screen.findByText('ready');
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
    await screen.findByText('ready');
    expect(seen).toMatchObject({ isAuthenticated: true });
    expect(amplify.signOut).not.toHaveBeenCalled();
  });
});
