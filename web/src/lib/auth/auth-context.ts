import { createContext, useContext, type Dispatch } from 'react';
import { INITIAL_SESSION, type AuthEvent, type SessionState } from '@core/session';

export type SignInOutcome =
  | { readonly kind: 'signed-in' }
  /** §4 admin login: the account may not open the admin page it set out for; signed out again. */
  | { readonly kind: 'access-denied' }
  /** The identity service answered DONE but no session could be read. */
  | { readonly kind: 'no-session' };

export interface AuthContextValue {
  readonly state: SessionState;
  readonly dispatch: Dispatch<AuthEvent>;
  /**
   * After a sign-in answered DONE: reads the session, loads subscription and permissions, applies
   * the §4 admin login rule (core deniesAdminLogin) to the pending redirect target, then
   * dispatches LOGIN (so the guards never see an editor without its permission set).
   */
  completeSignIn(): Promise<SignInOutcome>;
  /**
   * Signs out (every device with `global`), then dispatches LOGOUT. When the sign-out fails it
   * throws and the session stays: the user must not be told they are out when they are not.
   */
  logout(options?: { readonly global?: boolean }): Promise<void>;
  /** Loads the subscription again (after a checkout the provider confirms later). */
  reloadSubscription(): Promise<void>;
}

const notProvided = () => Promise.reject(new Error('AuthProvider is missing'));

/** Without a provider (components rendered in isolation) the visitor is anonymous. */
export const AuthContext = createContext<AuthContextValue>({
  state: { ...INITIAL_SESSION, isInitialized: true },
  dispatch: () => {},
  completeSignIn: notProvided,
  logout: notProvided,
  reloadSubscription: notProvided,
});

export const useAuth = (): AuthContextValue => useContext(AuthContext);
