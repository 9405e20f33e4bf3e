import { useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { deniesAdminLogin } from '@core/routes';
import { authReducer, INITIAL_SESSION, loadFailedEvents, type AuthEvent } from '@core/session';
import { loadPermissions, loadSubscription } from '../api/account-api';
import type { SignedInSession } from '../../../lib/auth/identity';
import { clearPendingRedirect, peekPendingRedirect } from '../lib/pending-redirect';
import { forgetDevice } from '../lib/remembered-devices';
import { hasStoredSession, onStoredSessionRemoved } from '../lib/stored-session';
import {
  AuthContext,
  type AuthContextValue,
  type SignInOutcome,
} from '../../../lib/auth/auth-context';

/** The identity module (and Amplify) load on first need, never for anonymous first visits. */
const loadIdentity = () => import('../../../lib/auth/identity');

/** §4: subscription and permissions by e-mail; on failure both become empty. */
async function accountEvents(session: SignedInSession): Promise<AuthEvent[]> {
  const email = session.user.email;
  if (!email) return loadFailedEvents(session.roles);
  try {
    const [subscription, permissions] = await Promise.all([
      loadSubscription(email, session.idToken),
      loadPermissions(email, session.idToken),
    ]);
    return [
      { type: 'USER_SUBSCRIPTION', subscription },
      { type: 'USER_PERMISSIONS', permissions },
    ];
  } catch (error) {
    console.error('Loading the subscription and permissions failed', error);
    return loadFailedEvents(session.roles);
  }
}

const anonymous: AuthEvent = {
  type: 'INITIALIZE',
  isAuthenticated: false,
  isAdmin: false,
  isEditor: false,
  user: null,
};

/** The session of SPEC §3/§4 for the whole SPA, over core's authReducer. */
export function AuthProvider({ children }: { readonly children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, INITIAL_SESSION);

  // Start-up (§4): read the current session; none means unauthenticated.
  useEffect(() => {
    let cancelled = false;
    const apply = (events: AuthEvent[]) => {
      if (!cancelled) for (const event of events) dispatch(event);
    };
    const start = async () => {
      if (!hasStoredSession()) return apply([anonymous]);
      try {
        const identity = await loadIdentity();
        const session = await identity.readSession();
        if (!session) return apply([anonymous]);
        const [valid, extra] = await Promise.all([
          identity.sessionStillValid(),
          accountEvents(session),
        ]);
        // Signed out everywhere (or disabled) since the last visit: the tokens are gone now.
        if (!valid) return apply([anonymous]);
        apply([
          ...extra,
          {
            type: 'INITIALIZE',
            isAuthenticated: true,
            isAdmin: session.roles.isAdmin,
            isEditor: session.roles.isEditor,
            user: session.user,
          },
        ]);
      } catch {
        apply([anonymous]);
      }
    };
    void start();
    return () => {
      cancelled = true;
    };
  }, []);

  // Signed out elsewhere (another tab, a refused refresh): the session ends here too.
  useEffect(() => {
    if (!state.isAuthenticated) return;
    const end = () => dispatch({ type: 'LOGOUT' });
    const stopStorage = onStoredSessionRemoved(end);
    let stopHub: (() => void) | undefined;
    let cancelled = false;
    void loadIdentity().then((identity) => {
      if (!cancelled) stopHub = identity.onSessionEnded(end);
    });
    return () => {
      cancelled = true;
      stopStorage();
      stopHub?.();
    };
  }, [state.isAuthenticated]);

  const completeSignIn = useCallback(async (): Promise<SignInOutcome> => {
    const identity = await loadIdentity();
    const session = await identity.readSession();
    if (!session) return { kind: 'no-session' };
    const events: AuthEvent[] = [
      ...(await accountEvents(session)),
      { type: 'LOGIN', user: session.user, ...session.roles },
    ];
    // The session as the guards will see it, permissions loaded, decides §4's admin login rule.
    if (deniesAdminLogin(peekPendingRedirect(), events.reduce(authReducer, INITIAL_SESSION))) {
      clearPendingRedirect();
      await identity.signOut().catch(() => {});
      return { kind: 'access-denied' };
    }
    for (const event of events) dispatch(event);
    return { kind: 'signed-in' };
  }, []);

  const email = state.user?.email;
  const logout = useCallback<AuthContextValue['logout']>(
    async ({ global = false } = {}) => {
      const identity = await loadIdentity();
      await identity.signOut(global);
      // The server forgot every remembered device: this one's proof proves nothing any more.
      if (global && email) forgetDevice(email);
      dispatch({ type: 'LOGOUT' });
    },
    [email],
  );

  const reloadSubscription = useCallback(async () => {
    if (!email) return;
    const identity = await loadIdentity();
    const idToken = await identity.idToken();
    if (!idToken) return;
    dispatch({ type: 'USER_SUBSCRIPTION', subscription: await loadSubscription(email, idToken) });
  }, [email]);

  const value = useMemo<AuthContextValue>(
    () => ({ state, dispatch, completeSignIn, logout, reloadSubscription }),
    [state, completeSignIn, logout, reloadSubscription],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
