import { useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import {
  authReducer,
  INITIAL_SESSION,
  loadFailedEvents,
  type AuthEvent,
} from '../../../../core/session';
import { loadPermissions, loadSubscription } from './api/account-api';
import type { SignedInSession } from './api/identity';
import { browserStorage, hasStoredSession } from './api/stored-session';
import { AuthContext, type AuthContextValue, type SignInOutcome } from './auth-context';

/** The identity module (and Amplify) load on first need, never for anonymous first visits. */
const loadIdentity = () => import('./api/identity');

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

export interface AuthProviderProps {
  readonly children: ReactNode;
  /** Tests: where start-up looks for a stored session (default localStorage). */
  readonly storage?: Pick<Storage, 'length' | 'key'>;
}

/** The session of SPEC §3/§4 for the whole SPA, over core's authReducer. */
export function AuthProvider({ children, storage }: AuthProviderProps) {
  const [state, dispatch] = useReducer(authReducer, INITIAL_SESSION);

  // Start-up (§4): read the current session; none means unauthenticated.
  useEffect(() => {
    let cancelled = false;
    const apply = (events: AuthEvent[]) => {
      if (!cancelled) for (const event of events) dispatch(event);
    };
    const start = async () => {
      if (!hasStoredSession(storage ?? browserStorage())) return apply([anonymous]);
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
  }, [storage]);

  // Signed out elsewhere (another tab, a refused refresh): the session ends here too.
  useEffect(() => {
    if (!state.isAuthenticated) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void loadIdentity().then((identity) => {
      if (!cancelled) stop = identity.onSessionEnded(() => dispatch({ type: 'LOGOUT' }));
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [state.isAuthenticated]);

  const completeSignIn = useCallback<AuthContextValue['completeSignIn']>(
    async ({ adminOnly = false } = {}): Promise<SignInOutcome> => {
      const identity = await loadIdentity();
      const session = await identity.readSession();
      if (!session) return { kind: 'no-session' };
      if (adminOnly && !session.roles.isAdmin) {
        await identity.signOut().catch(() => {});
        return { kind: 'access-denied' };
      }
      const extra = await accountEvents(session);
      for (const event of extra) dispatch(event);
      dispatch({
        type: 'LOGIN',
        user: session.user,
        isAdmin: session.roles.isAdmin,
        isEditor: session.roles.isEditor,
      });
      return { kind: 'signed-in', ...session.roles };
    },
    [],
  );

  const logout = useCallback<AuthContextValue['logout']>(async ({ global = false } = {}) => {
    try {
      const identity = await loadIdentity();
      await identity.signOut(global);
    } finally {
      dispatch({ type: 'LOGOUT' });
    }
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ state, dispatch, completeSignIn, logout }),
    [state, completeSignIn, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
