import type { SubscriptionState } from './subscription';
import { ADMIN_GROUP, EDITOR_GROUP } from './constants';
import { effectivePermissions, type PermissionSet, type Roles } from './permissions';

export type { Roles };
import type { AccessSession } from './routes';

/**
 * The session of SPEC §3 and the auth events of §4 as a pure reducer: the SPA's auth provider
 * dispatches, the route guards read the result (it is an AccessSession of core/routes).
 */

/** §3: the signed-in user (the identity service names the id `sub`). */
export interface SessionUser {
  readonly id?: string;
  readonly sub?: string;
  readonly email?: string;
  readonly phoneNumber?: string;
}

/** §3: the subscription (core/subscription.ts); null is "none" (also after cancelling). */
export type Subscription = SubscriptionState;

export interface SessionState extends AccessSession {
  readonly user: SessionUser | null;
  readonly subscription: Subscription | null;
  readonly permissions: PermissionSet | null;
  readonly isAdmin: boolean;
  readonly isEditor: boolean;
  readonly isAuthenticated: boolean;
  readonly isInitialized: boolean;
  /** Registration found the e-mail's account unconfirmed: the next screen verifies it. */
  readonly isUnconfirmed: boolean;
}

export const INITIAL_SESSION: SessionState = {
  user: null,
  subscription: null,
  permissions: null,
  isAdmin: false,
  isEditor: false,
  isAuthenticated: false,
  isInitialized: false,
  isUnconfirmed: false,
};

export const userId = (user: SessionUser | null | undefined): string | undefined =>
  user?.id ?? user?.sub;

/** §6: admin and editor come from the access token's groups claim (anything else: no role). */
export function rolesFromGroups(groups: unknown): Roles {
  const list = Array.isArray(groups) ? groups : [];
  return { isAdmin: list.includes(ADMIN_GROUP), isEditor: list.includes(EDITOR_GROUP) };
}

export type AuthEvent =
  | {
      readonly type: 'INITIALIZE';
      readonly isAuthenticated: boolean;
      readonly isAdmin: boolean;
      readonly isEditor: boolean;
      readonly user: SessionUser | null;
    }
  | {
      readonly type: 'LOGIN';
      readonly user: SessionUser;
      readonly isAdmin: boolean;
      readonly isEditor: boolean;
    }
  | { readonly type: 'LOGOUT' }
  | {
      readonly type: 'REGISTER';
      readonly user?: SessionUser | null;
      readonly isUnconfirmed?: boolean;
    }
  | { readonly type: 'VERIFY_CODE' }
  | { readonly type: 'RESEND_CODE' }
  | { readonly type: 'PASSWORD_RECOVERY' }
  | { readonly type: 'PASSWORD_RESET' }
  | { readonly type: 'USER_SUBSCRIPTION'; readonly subscription: Subscription | null }
  | { readonly type: 'USER_PERMISSIONS'; readonly permissions: PermissionSet | null };

export type AuthEventType = AuthEvent['type'];

/**
 * §4 auth reducer. Events that change nothing return the same object, so React skips the render.
 */
export function authReducer(state: SessionState, event: AuthEvent): SessionState {
  switch (event.type) {
    case 'INITIALIZE':
      return {
        ...state,
        isAuthenticated: event.isAuthenticated,
        isAdmin: event.isAdmin,
        isEditor: event.isEditor,
        user: event.user,
        isInitialized: true,
      };
    case 'LOGIN':
      return {
        ...state,
        isAuthenticated: true,
        isAdmin: event.isAdmin,
        isEditor: event.isEditor,
        user: event.user,
        isUnconfirmed: false,
      };
    case 'LOGOUT':
      // §4 clears authenticated, admin and user; the editor flag, subscription and permissions
      // go too, so nothing of one user survives into the next sign-in on the same tab.
      return { ...INITIAL_SESSION, isInitialized: state.isInitialized };
    case 'REGISTER':
      return {
        ...state,
        isAuthenticated: false,
        user: event.user ?? null,
        isUnconfirmed: event.isUnconfirmed ?? false,
      };
    case 'VERIFY_CODE':
    case 'RESEND_CODE':
    case 'PASSWORD_RECOVERY':
    case 'PASSWORD_RESET':
      return state;
    case 'USER_SUBSCRIPTION':
      return { ...state, subscription: event.subscription };
    case 'USER_PERMISSIONS':
      return { ...state, permissions: event.permissions };
    default:
      return unknownEvent(event, state);
  }
}

/**
 * §4: when the subscription and permissions cannot be loaded after login, both become empty. The
 * permissions are what the roles get with no stored set: nothing for an editor (the empty set, not
 * null, which §6 reads as "everything allowed"), no set for admins and users.
 */
export function loadFailedEvents(roles: Roles): AuthEvent[] {
  return [
    { type: 'USER_SUBSCRIPTION', subscription: null },
    { type: 'USER_PERMISSIONS', permissions: effectivePermissions(roles, null) },
  ];
}

// A compile error here means an event type lacks its case; at run time unknown events are ignored.
const unknownEvent = (_event: never, state: SessionState): SessionState => state;
