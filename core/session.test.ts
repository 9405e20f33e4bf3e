import { describe, expect, it } from 'vitest';
import { activeSubscription } from './testing/subscription';
import { emptyPermissionSet, isAllowed } from './permissions';
import { decideAccess, type AccessSession } from './routes';
import {
  authReducer,
  INITIAL_SESSION,
  loadFailedEvents,
  rolesFromGroups,
  userId,
  type AuthEvent,
  type SessionState,
} from './session';

const USER = { sub: 'sub-1', email: 'user@example.com', phoneNumber: '+15550100' };

const signedIn: SessionState = {
  ...INITIAL_SESSION,
  isInitialized: true,
  isAuthenticated: true,
  isAdmin: true,
  isEditor: true,
  user: USER,
  subscription: activeSubscription(),
  permissions: emptyPermissionSet(),
};

describe('§3 session user', () => {
  it('starts uninitialised, signed out, with no user, subscription or permissions', () => {
    expect(INITIAL_SESSION).toEqual({
      user: null,
      subscription: null,
      permissions: null,
      isAdmin: false,
      isEditor: false,
      isAuthenticated: false,
      isInitialized: false,
      isUnconfirmed: false,
    });
  });

  it('identifies the user by id or sub', () => {
    expect(userId({ id: 'a', sub: 'b' })).toBe('a');
    expect(userId({ sub: 'b' })).toBe('b');
    expect(userId(null)).toBeUndefined();
  });

  it('is an AccessSession the route guards read', () => {
    const access: AccessSession = signedIn;
    expect(decideAccess('/admin/dashboard', access)).toEqual({ kind: 'render' });
    expect(decideAccess('/profile', INITIAL_SESSION)).toEqual({ kind: 'loading' });
    expect(decideAccess('/profile', { ...INITIAL_SESSION, isInitialized: true })).toEqual({
      kind: 'sign-in',
    });
  });
});

describe('§6 roles from access-token groups', () => {
  it('reads admin and editor', () => {
    expect(rolesFromGroups(['admin'])).toEqual({ isAdmin: true, isEditor: false });
    expect(rolesFromGroups(['editor', 'other'])).toEqual({ isAdmin: false, isEditor: true });
    expect(rolesFromGroups(['admin', 'editor'])).toEqual({ isAdmin: true, isEditor: true });
  });

  it('grants nothing without groups or for a malformed claim', () => {
    for (const groups of [undefined, null, [], 'admin', { 0: 'admin' }, ['Admin']]) {
      expect(rolesFromGroups(groups)).toEqual({ isAdmin: false, isEditor: false });
    }
  });
});

describe('§4 auth events', () => {
  it('INITIALIZE sets authenticated, admin, editor, user and initialised', () => {
    const next = authReducer(INITIAL_SESSION, {
      type: 'INITIALIZE',
      isAuthenticated: true,
      isAdmin: false,
      isEditor: true,
      user: USER,
    });
    expect(next).toEqual({
      ...INITIAL_SESSION,
      isAuthenticated: true,
      isEditor: true,
      user: USER,
      isInitialized: true,
    });
  });

  it('INITIALIZE without a session leaves the visitor unauthenticated but initialised', () => {
    const next = authReducer(INITIAL_SESSION, {
      type: 'INITIALIZE',
      isAuthenticated: false,
      isAdmin: false,
      isEditor: false,
      user: null,
    });
    expect(next).toEqual({ ...INITIAL_SESSION, isInitialized: true });
  });

  it('LOGIN signs the user in with their roles', () => {
    const start = { ...INITIAL_SESSION, isInitialized: true, isUnconfirmed: true };
    const next = authReducer(start, { type: 'LOGIN', user: USER, isAdmin: true, isEditor: false });
    expect(next).toEqual({
      ...start,
      isAuthenticated: true,
      isAdmin: true,
      user: USER,
      isUnconfirmed: false,
    });
  });

  it('LOGOUT clears authenticated, admin and user (and the rest of the account)', () => {
    const next = authReducer(signedIn, { type: 'LOGOUT' });
    expect(next.isAuthenticated).toBe(false);
    expect(next.isAdmin).toBe(false);
    expect(next.user).toBeNull();
    expect(next).toEqual({ ...INITIAL_SESSION, isInitialized: true });
  });

  it('REGISTER leaves the visitor unauthenticated and may set isUnconfirmed', () => {
    const start = { ...INITIAL_SESSION, isInitialized: true };
    const unconfirmed = authReducer(start, {
      type: 'REGISTER',
      user: { email: 'new@example.com' },
      isUnconfirmed: true,
    });
    expect(unconfirmed).toEqual({
      ...start,
      user: { email: 'new@example.com' },
      isUnconfirmed: true,
    });
    expect(authReducer(unconfirmed, { type: 'REGISTER' })).toEqual(start);
  });

  it.each(['VERIFY_CODE', 'RESEND_CODE', 'PASSWORD_RECOVERY', 'PASSWORD_RESET'] as const)(
    '%s changes nothing',
    (type) => {
      expect(authReducer(signedIn, { type })).toBe(signedIn);
    },
  );

  it('USER_SUBSCRIPTION sets the subscription; null empties it (cancel, failed load)', () => {
    const yearly = activeSubscription({ plan: 'premium_yearly' });
    const next = authReducer(signedIn, { type: 'USER_SUBSCRIPTION', subscription: yearly });
    expect(next).toEqual({ ...signedIn, subscription: yearly });
    expect(authReducer(next, { type: 'USER_SUBSCRIPTION', subscription: null }).subscription).toBe(
      null,
    );
  });

  it('USER_PERMISSIONS sets the permission set', () => {
    const set = emptyPermissionSet();
    const next = authReducer(INITIAL_SESSION, { type: 'USER_PERMISSIONS', permissions: set });
    expect(next).toEqual({ ...INITIAL_SESSION, permissions: set });
    expect(authReducer(next, { type: 'USER_PERMISSIONS', permissions: null }).permissions).toBe(
      null,
    );
  });

  it('ignores an unknown event at run time', () => {
    const unknown = { type: 'SOMETHING_ELSE' } as unknown as AuthEvent;
    expect(authReducer(signedIn, unknown)).toBe(signedIn);
  });

  it('never mutates the state it is given', () => {
    const frozen = Object.freeze({ ...signedIn });
    expect(() => authReducer(frozen, { type: 'LOGOUT' })).not.toThrow();
    expect(frozen.isAuthenticated).toBe(true);
  });
});

describe('§4 failed subscription and permission load', () => {
  const apply = (state: SessionState, events: AuthEvent[]) => events.reduce(authReducer, state);

  it('empties both; an editor keeps no access rather than gaining all', () => {
    const editor = apply(
      { ...signedIn, isAdmin: false },
      loadFailedEvents({ isAdmin: false, isEditor: true }),
    );
    expect(editor.subscription).toBeNull();
    expect(editor.permissions).toEqual(emptyPermissionSet());
    expect(isAllowed(editor.permissions, 'USERS', 'read')).toBe(false);
    expect(decideAccess('/admin/settings/users', editor)).toEqual({ kind: 'unauthorised' });
  });

  it('leaves admins and users without a set', () => {
    expect(loadFailedEvents({ isAdmin: true, isEditor: true })[1]).toEqual({
      type: 'USER_PERMISSIONS',
      permissions: null,
    });
    expect(loadFailedEvents({ isAdmin: false, isEditor: false })[1]).toEqual({
      type: 'USER_PERMISSIONS',
      permissions: null,
    });
  });
});
