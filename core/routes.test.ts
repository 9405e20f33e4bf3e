import { describe, expect, it } from 'vitest';
import { ALL, emptyPermissionSet, type PermissionSet } from './permissions';
import {
  profileFor,
  decideAccess,
  deniesAdminLogin,
  findRoute,
  homeFor,
  isAdminPath,
  isGuestOnlyPath,
  mayOpen,
  ROUTES,
  showsFooter,
  type AccessSession,
} from './routes';

const anonymous: AccessSession = {
  isInitialized: true,
  isAuthenticated: false,
  isAdmin: false,
  isEditor: false,
  permissions: null,
};
const user: AccessSession = { ...anonymous, isAuthenticated: true };
const admin: AccessSession = { ...user, isAdmin: true };
const editor: AccessSession = { ...user, isEditor: true, permissions: emptyPermissionSet() };
const grant = (resource: 'SHARIAH' | 'USERS'): PermissionSet => {
  const set = emptyPermissionSet();
  return { ...set, [resource]: { ...set[resource], read: ['ALL'] } };
};
const shariahEditor: AccessSession = { ...editor, permissions: grant('SHARIAH') };
const usersEditor: AccessSession = { ...editor, permissions: grant('USERS') };

describe('§2 route table', () => {
  it('holds every route of the table with its type', () => {
    // 9 PUBLIC (plus the catch-all), 4 PROTECTED, 5 for users, 18 admin: §2's 35 and /admin/profile.
    expect(ROUTES).toHaveLength(36);
    expect(findRoute('/calender')?.type).toBe('PRIVATE');
    expect(findRoute('/stocks/AAA')?.path).toBe('/stocks/:symbol');
    expect(findRoute('/admin/settings/sheets/US1/edit/42')?.path).toBe(
      '/admin/settings/sheets/:isin/edit/:id',
    );
    expect(findRoute('/login/')?.type).toBe('PROTECTED');
    expect(findRoute('/calendar')).toBeUndefined();
    expect(findRoute('/stocks/')).toBeUndefined();
  });
});

describe('§2/§6 access decision', () => {
  it('renders PUBLIC routes for everyone and sends unknown paths to not-found', () => {
    for (const session of [anonymous, user, admin, editor]) {
      expect(decideAccess('/home', session)).toEqual({ kind: 'render' });
      expect(decideAccess('/stocks/ABC', session)).toEqual({ kind: 'render' });
      expect(decideAccess('/dashboard/', session)).toEqual({ kind: 'render' });
      expect(decideAccess('/nope', session)).toEqual({ kind: 'not-found' });
    }
  });

  it('shows the loading state while authentication initialises', () => {
    expect(decideAccess('/profile', { ...user, isInitialized: false })).toEqual({
      kind: 'loading',
    });
    expect(decideAccess('/login', { ...anonymous, isInitialized: false })).toEqual({
      kind: 'loading',
    });
  });

  it('PROTECTED: guests see it, users go to /dashboard/, admins and editors to /admin/dashboard/', () => {
    for (const path of ['/login', '/register', '/verify-code', '/forget-password']) {
      expect(decideAccess(path, anonymous)).toEqual({ kind: 'render' });
      expect(decideAccess(path, user)).toEqual({ kind: 'redirect', to: '/dashboard/' });
      expect(decideAccess(path, admin)).toEqual({ kind: 'redirect', to: '/admin/dashboard/' });
      expect(decideAccess(path, editor)).toEqual({ kind: 'redirect', to: '/admin/dashboard/' });
    }
  });

  it('PRIVATE: anonymous visitors get the sign-in prompt', () => {
    expect(decideAccess('/profile', anonymous)).toEqual({ kind: 'sign-in' });
    expect(decideAccess('/admin/settings/users', anonymous)).toEqual({ kind: 'sign-in' });
  });

  it('user-only routes: users pass, admins and editors go to /401', () => {
    for (const path of ['/profile', '/payment-success', '/screener', '/analysis', '/calender']) {
      expect(decideAccess(path, user)).toEqual({ kind: 'render' });
      expect(decideAccess(path, admin)).toEqual({ kind: 'unauthorised' });
      expect(decideAccess(path, editor)).toEqual({ kind: 'unauthorised' });
    }
  });

  it('admin-only routes: admins always pass, plain users go to /401', () => {
    for (const route of ROUTES.filter((r) => r.roles.length === 1 && r.roles[0] === 'admin')) {
      const path = route.path.replace(/:\w+/g, 'X1');
      expect(decideAccess(path, admin)).toEqual({ kind: 'render' });
      expect(decideAccess(path, user)).toEqual({ kind: 'unauthorised' });
    }
  });

  it('editors pass admin routes outside settings', () => {
    for (const path of [
      '/admin/dashboard',
      '/admin/profile',
      '/admin/screener',
      '/admin/analysis',
      '/admin/calender',
    ]) {
      expect(decideAccess(path, editor)).toEqual({ kind: 'render' });
    }
  });

  it('gives each role a profile it may open: users /profile, admins and editors /admin/profile', () => {
    for (const session of [user, admin, editor]) {
      expect(decideAccess(profileFor(session), session)).toEqual({ kind: 'render' });
    }
    expect(profileFor(user)).toBe('/profile');
    expect(profileFor(editor)).toBe('/admin/profile');
  });

  it('editors on settings need SHARIAH read for /shariah and USERS read for /users, else /401', () => {
    expect(decideAccess('/admin/settings/shariah', editor)).toEqual({ kind: 'unauthorised' });
    expect(decideAccess('/admin/settings/shariah', shariahEditor)).toEqual({ kind: 'render' });
    expect(decideAccess('/admin/settings/shariah', usersEditor)).toEqual({ kind: 'unauthorised' });
    expect(decideAccess('/admin/settings/users', usersEditor)).toEqual({ kind: 'render' });
    expect(decideAccess('/admin/settings/users', shariahEditor)).toEqual({ kind: 'unauthorised' });
    for (const path of [
      '/admin/settings',
      '/admin/settings/stocks',
      '/admin/settings/editors',
      '/admin/settings/sheets/X/add',
    ]) {
      expect(decideAccess(path, shariahEditor)).toEqual({ kind: 'unauthorised' });
    }
  });

  it('editors reach the item areas with read on their resource (issue 12), else /401', () => {
    const withRead = (
      resource: 'STOCKS' | 'SHEETS' | 'ANALYST' | 'DESCRIPTION',
      read: string[],
    ) => {
      const set = emptyPermissionSet();
      return { ...editor, permissions: { ...set, [resource]: { ...set[resource], read } } };
    };
    const areas = {
      STOCKS: [
        '/admin/settings/stocks',
        '/admin/settings/stocks/add',
        '/admin/settings/stocks/detail/US1',
      ],
      SHEETS: [
        '/admin/settings/sheets',
        '/admin/settings/sheets/US1',
        '/admin/settings/sheets/US1/add',
        '/admin/settings/sheets/US1/edit/7',
      ],
      ANALYST: ['/admin/settings/analyst'],
      DESCRIPTION: ['/admin/settings/description'],
    } as const;
    for (const [resource, paths] of Object.entries(areas) as [
      keyof typeof areas,
      readonly string[],
    ][]) {
      const reader = withRead(resource, [ALL]);
      for (const path of paths) {
        expect(decideAccess(path, reader), `${resource} read on ${path}`).toEqual({
          kind: 'render',
        });
        expect(decideAccess(path, editor), `no set on ${path}`).toEqual({ kind: 'unauthorised' });
        expect(decideAccess(path, admin)).toEqual({ kind: 'render' });
      }
      // Read on one resource opens no other area, nor the admin-only settings pages.
      for (const [other, otherPaths] of Object.entries(areas)) {
        if (other === resource) continue;
        for (const path of otherPaths) {
          expect(decideAccess(path, reader)).toEqual({ kind: 'unauthorised' });
        }
      }
      for (const path of [
        '/admin/settings',
        '/admin/settings/editors',
        '/admin/settings/shariah',
      ]) {
        expect(decideAccess(path, reader)).toEqual({ kind: 'unauthorised' });
      }
    }
  });

  it('a page about one company asks read on its ISIN; the area itself asks read on any', () => {
    const set = emptyPermissionSet();
    const oneIsin = {
      ...editor,
      permissions: { ...set, SHEETS: { ...set.SHEETS, read: ['US1'] } },
    };
    expect(decideAccess('/admin/settings/sheets', oneIsin)).toEqual({ kind: 'render' });
    expect(decideAccess('/admin/settings/sheets/US1/edit/3', oneIsin)).toEqual({ kind: 'render' });
    expect(decideAccess('/admin/settings/sheets/US2', oneIsin)).toEqual({ kind: 'unauthorised' });
    // Update without read opens nothing: the guard asks read.
    const updateOnly = {
      ...editor,
      permissions: { ...set, SHEETS: { ...set.SHEETS, update: [ALL] } },
    };
    expect(decideAccess('/admin/settings/sheets', updateOnly)).toEqual({ kind: 'unauthorised' });
  });

  it('an editor without a stored set is allowed nothing in settings (core effectivePermissions)', () => {
    expect(decideAccess('/admin/settings/users', { ...editor, permissions: null })).toEqual({
      kind: 'unauthorised',
    });
  });
});

describe('§2 role home', () => {
  it('is /admin/dashboard/ for admins and editors, /dashboard/ for everyone else', () => {
    expect(homeFor(admin)).toBe('/admin/dashboard/');
    expect(homeFor(editor)).toBe('/admin/dashboard/');
    expect(homeFor(user)).toBe('/dashboard/');
  });
});

describe('§2 path kinds', () => {
  it('knows the guest-only screens and the admin area', () => {
    expect(isGuestOnlyPath('/login')).toBe(true);
    expect(isGuestOnlyPath('/verify-code/')).toBe(true);
    expect(isGuestOnlyPath('/profile')).toBe(false);
    expect(isGuestOnlyPath('/no/such/page')).toBe(false);
    expect(isAdminPath('/admin/settings/users?x=1')).toBe(true);
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
    expect(isAdminPath('/dashboard')).toBe(false);
  });
});

describe('§4 admin login', () => {
  it('refuses a plain user who set out for an admin page', () => {
    expect(deniesAdminLogin('/admin/dashboard', user)).toBe(true);
    expect(deniesAdminLogin('/admin/settings/users?page=2', user)).toBe(true);
  });

  it('always admits an admin', () => {
    expect(deniesAdminLogin('/admin/settings/editors', admin)).toBe(false);
  });

  it('admits an editor where §6 does, with the permissions loaded', () => {
    expect(deniesAdminLogin('/admin/dashboard', editor)).toBe(false);
    expect(deniesAdminLogin('/admin/settings/users', usersEditor)).toBe(false);
    expect(deniesAdminLogin('/admin/settings/users', shariahEditor)).toBe(true);
    expect(deniesAdminLogin('/admin/settings/stocks', usersEditor)).toBe(true);
  });

  it('does not apply without a pending admin page', () => {
    expect(deniesAdminLogin(undefined, user)).toBe(false);
    expect(deniesAdminLogin('/profile', admin)).toBe(false);
  });
});

describe('§2 footer rule', () => {
  it('shows the footer on PUBLIC routes and the catch-all only', () => {
    for (const path of [
      '/',
      '/home',
      '/about',
      '/401',
      '/dashboard/',
      '/stocks/ABC',
      '/anything/else',
    ]) {
      expect(showsFooter(path)).toBe(true);
    }
    for (const path of [
      '/login',
      '/profile',
      '/calender',
      '/admin/dashboard',
      '/admin/settings/stocks/detail/US1',
    ]) {
      expect(showsFooter(path)).toBe(false);
    }
  });

  it('matches parameter routes by the prefix before the colon', () => {
    expect(showsFooter('/stocks/BRK.B/extra')).toBe(true);
    expect(showsFooter('/admin/settings/sheets/US1/edit/9')).toBe(false);
  });
});

describe('which links a session is offered (mayOpen)', () => {
  it('offers no private route while the session is restored (its roles are not known yet)', () => {
    const restoring = { ...editor, isInitialized: false, isEditor: false, permissions: null };
    expect(mayOpen('/screener', restoring)).toBe(false);
    expect(mayOpen('/admin/settings', restoring)).toBe(false);
    expect(mayOpen('/home', restoring)).toBe(true);
    expect(mayOpen('/login', restoring)).toBe(true);
  });

  it('offers an editor none of the user-only routes nor the settings index', () => {
    for (const path of ['/profile', '/screener', '/calender', '/admin/settings']) {
      expect(mayOpen(path, editor)).toBe(false);
    }
    expect(mayOpen('/admin/dashboard', editor)).toBe(true);
    expect(mayOpen('/admin/profile', editor)).toBe(true);
    expect(mayOpen('/dashboard', editor)).toBe(true);
  });

  it('offers the settings areas an editor may read, and only those', () => {
    expect(mayOpen('/admin/settings/shariah', shariahEditor)).toBe(true);
    expect(mayOpen('/admin/settings/users', shariahEditor)).toBe(false);
    expect(mayOpen('/admin/settings/users', usersEditor)).toBe(true);
  });

  it('offers a visitor the private routes (the guard asks them to sign in), never the admin area to a user', () => {
    expect(mayOpen('/screener', anonymous)).toBe(true);
    expect(mayOpen('/admin/settings', user)).toBe(false);
    expect(mayOpen('/profile', user)).toBe(true);
    expect(mayOpen('/admin/settings', admin)).toBe(true);
    expect(mayOpen('/no/such/page', admin)).toBe(false);
  });
});
