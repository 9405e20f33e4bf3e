import { effectivePermissions, isAllowed, type PermissionSet, type Resource } from './permissions';

/**
 * The route table of SPEC §2, the SPA's paths, and the one access decision of §2/§6 that the SPA's
 * guards (and the browser tests) follow.
 */

// The paths the SPA links and navigates to, named once (§2 route table).
export const HOME_PATH = '/home';
export const ABOUT_PATH = '/about';
export const CONTACT_PATH = '/contact';
export const PRIVACY_PATH = '/privacy';
export const DISCLAIMER_PATH = '/disclaimer';
export const UNAUTHORISED_PATH = '/401';
export const DASHBOARD_PATH = '/dashboard';
export const LOGIN_PATH = '/login';
export const REGISTER_PATH = '/register';
export const VERIFY_CODE_PATH = '/verify-code';
export const FORGET_PASSWORD_PATH = '/forget-password';
export const PROFILE_PATH = '/profile';
export const PAYMENT_SUCCESS_PATH = '/payment-success';
export const SCREENER_PATH = '/screener';
export const ADMIN_DASHBOARD_PATH = '/admin/dashboard';
/**
 * The admins' and editors' own profile. §2's /profile is for users only (§6 sends staff to /401);
 * staff need their account's page too, and /admin/* without 'settings' opens to every editor.
 */
export const ADMIN_PROFILE_PATH = '/admin/profile';

/** Where signed-in visitors of guest-only routes are sent (§2 PROTECTED), as the spec writes them. */
export const USER_HOME = `${DASHBOARD_PATH}/`;
export const ADMIN_HOME = `${ADMIN_DASHBOARD_PATH}/`;

export type RouteType = 'PUBLIC' | 'PROTECTED' | 'PRIVATE';
export type Role = 'user' | 'admin';

export interface RouteEntry<P extends string = string> {
  readonly path: P;
  readonly type: RouteType;
  /** PRIVATE routes: who may open them. PUBLIC routes may list roles too (informational). */
  readonly roles: readonly Role[];
}

const entries = <const P extends string>(
  type: RouteType,
  roles: readonly Role[],
  ...paths: P[]
): RouteEntry<P>[] => paths.map((path) => ({ path, type, roles }));

export const ROUTES = [
  ...entries(
    'PUBLIC',
    [],
    '/',
    HOME_PATH,
    ABOUT_PATH,
    CONTACT_PATH,
    PRIVACY_PATH,
    DISCLAIMER_PATH,
    UNAUTHORISED_PATH,
  ),
  ...entries('PUBLIC', ['user'], DASHBOARD_PATH),
  ...entries('PUBLIC', ['user', 'admin'], '/stocks/:symbol'),
  ...entries('PROTECTED', [], LOGIN_PATH, REGISTER_PATH, VERIFY_CODE_PATH, FORGET_PASSWORD_PATH),
  ...entries(
    'PRIVATE',
    ['user'],
    PROFILE_PATH,
    PAYMENT_SUCCESS_PATH,
    SCREENER_PATH,
    '/analysis',
    '/calender',
  ),
  ...entries(
    'PRIVATE',
    ['admin'],
    ADMIN_DASHBOARD_PATH,
    ADMIN_PROFILE_PATH,
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
] as const satisfies readonly RouteEntry[];

/** Every path pattern of the §2 table, as a type: a map over it must name each route once. */
export type RoutePath = (typeof ROUTES)[number]['path'];

export interface AccessSession {
  readonly isInitialized: boolean;
  readonly isAuthenticated: boolean;
  readonly isAdmin: boolean;
  readonly isEditor: boolean;
  /** The editor's stored permission set (core/permissions effectivePermissions reads it). */
  readonly permissions: PermissionSet | null;
}

export type AccessDecision =
  | { readonly kind: 'render' }
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'sign-in' }
  | { readonly kind: 'unauthorised' }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'loading' };

/** The profile a signed-in account may open: staff have their own (ADMIN_PROFILE_PATH). */
export const profileFor = (session: Pick<AccessSession, 'isAdmin' | 'isEditor'>): string =>
  session.isAdmin || session.isEditor ? ADMIN_PROFILE_PATH : PROFILE_PATH;

/** §2 PROTECTED: a signed-in admin or editor goes to the admin dashboard, anyone else to theirs. */
export const homeFor = (session: Pick<AccessSession, 'isAdmin' | 'isEditor'>): string =>
  session.isAdmin || session.isEditor ? ADMIN_HOME : USER_HOME;

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

/** The guest-only screens (§2 PROTECTED): /login, /register, /verify-code, /forget-password. */
export const isGuestOnlyPath = (path: string): boolean => findRoute(path)?.type === 'PROTECTED';

/** Whether a path belongs to the admin area (§4 admin login rule). */
export function isAdminPath(path: string): boolean {
  const clean = normalise(path);
  return clean === '/admin' || clean.startsWith('/admin/');
}

/**
 * §2 footer rule: only on PUBLIC routes. A parameter route matches by its prefix before ':'
 * (so '/stocks/' + anything); unknown paths fall to the PUBLIC catch-all.
 */
export function showsFooter(path: string): boolean {
  const clean = normalise(path);
  const byPrefix = ROUTES.find((route: RouteEntry) => {
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
    return { kind: 'redirect', to: homeFor(session) };
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
  const area = settingsArea(route.path);
  if (!area) return { kind: 'unauthorised' };
  const permissions = effectivePermissions(session, session.permissions);
  // A page about one company (…/:isin…) asks read on that ISIN; an area's list asks "any item".
  const isin = paramOf(route.path, clean, 'isin');
  return isAllowed(permissions, area, 'read', isin) ? { kind: 'render' } : { kind: 'unauthorised' };
}

/**
 * §6 for editors on settings paths: the resource whose read opens each area below
 * /admin/settings. §6 names SHARIAH and USERS and leaves the others open; the product maps
 * the item resources too, so an editor reaches what their permission set lets them read. Areas not
 * listed (the settings index, /editors) stay admin-only.
 */
export const SETTINGS_AREA_RESOURCES = {
  stocks: 'STOCKS',
  sheets: 'SHEETS',
  analyst: 'ANALYST',
  description: 'DESCRIPTION',
  shariah: 'SHARIAH',
  users: 'USERS',
} as const satisfies Readonly<Record<string, Resource>>;

const SETTINGS_PREFIX = '/admin/settings/';

/** The resource of a settings route pattern (e.g. '/admin/settings/sheets/:isin/add'), if any. */
function settingsArea(pattern: string): Resource | undefined {
  if (!pattern.startsWith(SETTINGS_PREFIX)) return undefined;
  const segment = pattern.slice(SETTINGS_PREFIX.length).split('/')[0] ?? '';
  return Object.hasOwn(SETTINGS_AREA_RESOURCES, segment)
    ? SETTINGS_AREA_RESOURCES[segment as keyof typeof SETTINGS_AREA_RESOURCES]
    : undefined;
}

/** The value of the pattern's :name segment in a path that matches it (decoded), if any. */
function paramOf(pattern: string, path: string, name: string): string | undefined {
  const index = pattern.split('/').indexOf(`:${name}`);
  const raw = index === -1 ? undefined : path.split('/')[index];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * §4 admin login: a sign-in that set out for an admin page (the pending redirect target) is
 * refused when the signed-in session, its permissions loaded, may not open that page — plain users
 * never, admins always, editors as §6 allows. The caller signs the account out and says
 * 'Access denied'.
 */
export function deniesAdminLogin(
  pendingPath: string | undefined,
  session: Omit<AccessSession, 'isInitialized' | 'isAuthenticated'>,
): boolean {
  if (pendingPath === undefined || !isAdminPath(pendingPath)) return false;
  const signedIn = { ...session, isInitialized: true, isAuthenticated: true };
  return decideAccess(pendingPath, signedIn).kind !== 'render';
}

/**
 * Whether a link or button may offer the path to this session: every screen shows only the ways
 * the guard lets the session take, so no link leads to /401. The same decision as the guard's
 * (decideAccess); a sign-in prompt counts as a way forward (a visitor may sign in), /401 and
 * not-found do not. While the session is still being restored its roles are unknown, so no
 * PRIVATE route is offered yet (a public page drawn meanwhile would offer an editor the users'
 * screener for a moment).
 */
export function mayOpen(path: string, session: AccessSession): boolean {
  const decision = decideAccess(path, session);
  switch (decision.kind) {
    case 'unauthorised':
    case 'not-found':
      return false;
    case 'loading':
      return findRoute(path)?.type !== 'PRIVATE';
    default:
      return true;
  }
}
