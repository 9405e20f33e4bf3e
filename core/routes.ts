import { isAllowed, type PermissionSet } from './permissions';

/**
 * The route table of SPEC §2 and the one access decision of §2/§6 that the SPA's guards (and the
 * browser tests) follow.
 */
export type RouteType = 'PUBLIC' | 'PROTECTED' | 'PRIVATE';
export type Role = 'user' | 'admin';

export interface RouteEntry {
  readonly path: string;
  readonly type: RouteType;
  /** PRIVATE routes: who may open them. PUBLIC routes may list roles too (informational). */
  readonly roles: readonly Role[];
}

const entries = (type: RouteType, roles: readonly Role[], ...paths: string[]): RouteEntry[] =>
  paths.map((path) => ({ path, type, roles }));

export const ROUTES: readonly RouteEntry[] = [
  ...entries('PUBLIC', [], '/', '/home', '/about', '/contact', '/privacy', '/disclaimer', '/401'),
  ...entries('PUBLIC', ['user'], '/dashboard'),
  ...entries('PUBLIC', ['user', 'admin'], '/stocks/:symbol'),
  ...entries('PROTECTED', [], '/login', '/register', '/verify-code', '/forget-password'),
  ...entries(
    'PRIVATE',
    ['user'],
    '/profile',
    '/payment-success',
    '/screener',
    '/analysis',
    '/calender',
  ),
  ...entries(
    'PRIVATE',
    ['admin'],
    '/admin/dashboard',
    '/admin/screener',
    '/admin/analysis',
    '/admin/calender',
    '/admin/settings',
    '/admin/settings/stocks',
    '/admin/settings/stocks/add',
    '/admin/settings/stocks/detail/:isin',
    '/admin/settings/sheets',
    '/admin/settings/sheets/:isin',
    '/admin/settings/sheets/:isin/add',
    '/admin/settings/sheets/:isin/edit/:id',
    '/admin/settings/users',
    '/admin/settings/analyst',
    '/admin/settings/shariah',
    '/admin/settings/description',
    '/admin/settings/editors',
  ),
];

/** Where signed-in visitors of guest-only routes are sent (§2 PROTECTED). */
export const USER_HOME = '/dashboard/';
export const ADMIN_HOME = '/admin/dashboard/';
export const UNAUTHORISED_PATH = '/401';

export interface AccessSession {
  readonly isInitialized: boolean;
  readonly isAuthenticated: boolean;
  readonly isAdmin: boolean;
  readonly isEditor: boolean;
  /** The editor's permission set; null when none is loaded (§6: no set → everything allowed). */
  readonly permissions: PermissionSet | null;
}

export type AccessDecision =
  | { readonly kind: 'render' }
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'sign-in' }
  | { readonly kind: 'unauthorised' }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'loading' };

const normalise = (path: string): string => {
  const bare = path.split(/[?#]/)[0] ?? '/';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed === '' ? '/' : trimmed;
};

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? got[i] !== '' : segment === got[i]));
}

/** The route-table entry for a path (trailing slash, query and hash ignored), if any. */
export function findRoute(path: string): RouteEntry | undefined {
  const clean = normalise(path);
  return ROUTES.find((route) => matches(route.path, clean));
}

/**
 * §2 footer rule: only on PUBLIC routes. A parameter route matches by its prefix before ':'
 * (so '/stocks/' + anything); unknown paths fall to the PUBLIC catch-all.
 */
export function showsFooter(path: string): boolean {
  const clean = normalise(path);
  const byPrefix = ROUTES.find((route) => {
    const colon = route.path.indexOf(':');
    return colon === -1
      ? route.path === clean
      : clean.startsWith(route.path.slice(0, colon)) && clean.length > colon;
  });
  return (byPrefix?.type ?? 'PUBLIC') === 'PUBLIC';
}

/** §2 and §6: what the SPA does when a session opens a path. */
export function decideAccess(path: string, session: AccessSession): AccessDecision {
  const route = findRoute(path);
  if (!route) return { kind: 'not-found' };
  if (route.type === 'PUBLIC') return { kind: 'render' };
  if (!session.isInitialized) return { kind: 'loading' };

  const signedIn = session.isAuthenticated;
  const staff = session.isAdmin || session.isEditor;

  if (route.type === 'PROTECTED') {
    if (!signedIn) return { kind: 'render' };
    return { kind: 'redirect', to: staff ? ADMIN_HOME : USER_HOME };
  }

  // PRIVATE
  if (!signedIn) return { kind: 'sign-in' };
  const allowsUser = route.roles.includes('user');
  const allowsAdmin = route.roles.includes('admin');
  if (allowsUser && allowsAdmin) return { kind: 'render' };
  if (allowsUser) return staff ? { kind: 'unauthorised' } : { kind: 'render' };

  // Admin-only routes.
  if (session.isAdmin) return { kind: 'render' };
  if (!session.isEditor) return { kind: 'unauthorised' };
  const clean = normalise(path);
  if (!clean.includes('settings')) return { kind: 'render' };
  if (clean.includes('/shariah')) {
    return isAllowed(session.permissions, 'SHARIAH', 'read')
      ? { kind: 'render' }
      : { kind: 'unauthorised' };
  }
  if (clean.includes('/users')) {
    return isAllowed(session.permissions, 'USERS', 'read')
      ? { kind: 'render' }
      : { kind: 'unauthorised' };
  }
  return { kind: 'unauthorised' };
}
