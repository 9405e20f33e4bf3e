import { createContext, useContext, type Dispatch } from 'react';
import { INITIAL_SESSION, type AuthEvent, type SessionState } from '../../../../core/session';

export type SignInOutcome =
  | { readonly kind: 'signed-in'; readonly isAdmin: boolean; readonly isEditor: boolean }
  /** §4 admin login: the account is not in the admin group; it was signed out again. */
  | { readonly kind: 'access-denied' }
  /** The identity service answered DONE but no session could be read. */
  | { readonly kind: 'no-session' };

export interface AuthContextValue {
  readonly state: SessionState;
  readonly dispatch: Dispatch<AuthEvent>;
  /**
   * After a sign-in answered DONE: reads the session, applies the §4 admin login rule when
   * `adminOnly`, loads subscription and permissions, then dispatches LOGIN (so the guards never
   * see an editor without its permission set).
   */
  completeSignIn(options?: { readonly adminOnly?: boolean }): Promise<SignInOutcome>;
  /** Signs out (every device with `global`) and dispatches LOGOUT; the caller navigates. */
  logout(options?: { readonly global?: boolean }): Promise<void>;
}

const notProvided = () => Promise.reject(new Error('AuthProvider is missing'));

/** Without a provider (components rendered in isolation) the visitor is anonymous. */
export const AuthContext = createContext<AuthContextValue>({
  state: { ...INITIAL_SESSION, isInitialized: true },
  dispatch: () => {},
  completeSignIn: notProvided,
  logout: notProvided,
});

export const useAuth = (): AuthContextValue => useContext(AuthContext);
