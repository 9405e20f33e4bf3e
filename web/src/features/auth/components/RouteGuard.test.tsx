import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ALL, emptyPermissionSet, type PermissionSet } from '../../../../../core/permissions';
import { decideAccess, ROUTES, type AccessDecision } from '../../../../../core/routes';
import { INITIAL_SESSION, type SessionState } from '../../../../../core/session';
import { peekPendingRedirect, setPendingRedirect } from '../api/pending-redirect';
import { AuthContext, type AuthContextValue } from '../auth-context';
import { RouteGuard } from './RouteGuard';

const withRead = (resource: 'SHARIAH' | 'USERS'): PermissionSet => {
  const set = emptyPermissionSet();
  return { ...set, [resource]: { ...set[resource], read: [ALL] } };
};

const signedIn = (extra: Partial<SessionState>): SessionState => ({
  ...INITIAL_SESSION,
  isInitialized: true,
  isAuthenticated: true,
  user: { sub: 'sub-1', email: 'someone@example.com' },
  ...extra,
});

export const SESSIONS: Record<string, SessionState> = {
  initialising: INITIAL_SESSION,
  anonymous: { ...INITIAL_SESSION, isInitialized: true },
  user: signedIn({}),
  admin: signedIn({ isAdmin: true }),
  'editor without permissions': signedIn({ isEditor: true, permissions: emptyPermissionSet() }),
  'editor with SHARIAH read': signedIn({ isEditor: true, permissions: withRead('SHARIAH') }),
  'editor with USERS read': signedIn({ isEditor: true, permissions: withRead('USERS') }),
};

/** A concrete path for every §2 route (parameters filled in), and an unknown one. */
const PATHS = [
  ...ROUTES.map((route) =>
    route.path
      .replace(':symbol', 'ACME')
      .replace(':isin', 'US0000000001')
      .replace(':id', 'sheet-1'),
  ),
  '/no/such/page',
];

function renderGuarded(path: string, state: SessionState) {
  const value: AuthContextValue = {
    state,
    dispatch: () => {},
    completeSignIn: async () => ({ kind: 'no-session' }),
    logout: async () => {},
  };
  const router = createMemoryRouter(
    [
      {
        path: '/401',
        element: (
          <RouteGuard>
            <p>PAGE (401)</p>
          </RouteGuard>
        ),
      },
      {
        path: '*',
        element: (
          <RouteGuard>
            <p>PAGE</p>
          </RouteGuard>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AuthContext.Provider value={value}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return router;
}

/** What the guard must show for a decision (observed: location and content). */
async function expectObserved(
  router: ReturnType<typeof createMemoryRouter>,
  path: string,
  decision: AccessDecision,
) {
  switch (decision.kind) {
    case 'render':
      expect(screen.getByText(/^PAGE/)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      return;
    case 'loading':
      expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
      expect(screen.queryByText(/^PAGE/)).not.toBeInTheDocument();
      return;
    case 'sign-in':
      expect(screen.getByRole('heading', { name: 'Sign in required' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
      expect(screen.queryByText(/^PAGE/)).not.toBeInTheDocument();
      return;
    case 'unauthorised':
      await screen.findByText('PAGE (401)');
      expect(router.state.location.pathname).toBe('/401');
      return;
    case 'redirect':
      await waitFor(() => expect(router.state.location.pathname).toBe(decision.to));
      return;
    case 'not-found':
      expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      return;
  }
}

afterEach(() => sessionStorage.clear());

describe('route guard: every §2 route × every role, as core decideAccess decides', () => {
  const cells = PATHS.flatMap((path) =>
    Object.entries(SESSIONS).map(([role, state]) => ({
      path,
      role,
      state,
      decision: decideAccess(path, state),
    })),
  );

  it.each(cells)('$path as $role → $decision.kind', async ({ path, state, decision }) => {
    const router = renderGuarded(path, state);
    await expectObserved(router, path, decision);
  });
});

describe('route guard: the rules of §2/§6 spelled out', () => {
  it.each([
    ['/profile', 'anonymous', 'sign-in'],
    ['/profile', 'admin', 'unauthorised'],
    ['/admin/dashboard', 'user', 'unauthorised'],
    ['/admin/dashboard', 'editor without permissions', 'render'],
    ['/admin/settings/shariah', 'editor without permissions', 'unauthorised'],
    ['/admin/settings/shariah', 'editor with SHARIAH read', 'render'],
    ['/admin/settings/users', 'editor with SHARIAH read', 'unauthorised'],
    ['/admin/settings/users', 'editor with USERS read', 'render'],
    ['/admin/settings/stocks', 'editor with USERS read', 'unauthorised'],
    ['/dashboard', 'anonymous', 'render'],
    ['/stocks/ACME', 'anonymous', 'render'],
  ] as const)('%s as %s: %s', (path, role, kind) => {
    expect(decideAccess(path, SESSIONS[role]!).kind).toBe(kind);
  });

  it('sends a signed-in user on /login to /dashboard/ and staff to /admin/dashboard/', () => {
    expect(decideAccess('/login', SESSIONS.user!)).toEqual({ kind: 'redirect', to: '/dashboard/' });
    for (const role of ['admin', 'editor without permissions'] as const) {
      expect(decideAccess('/register', SESSIONS[role]!)).toEqual({
        kind: 'redirect',
        to: '/admin/dashboard/',
      });
    }
  });

  it('uses a pending redirect target once, instead of the home', async () => {
    setPendingRedirect('/profile');
    const router = renderGuarded('/login', SESSIONS.user!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(peekPendingRedirect()).toBeUndefined();
  });

  it('ignores a pending target equal to the current path', async () => {
    setPendingRedirect('/login');
    const router = renderGuarded('/login', SESSIONS.user!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
  });

  it('stores the page as the pending target when the sign-in prompt is followed', async () => {
    renderGuarded('/screener?sector=Energy', SESSIONS.anonymous!);
    screen.getByRole('link', { name: 'Log in' }).click();
    await waitFor(() => expect(peekPendingRedirect()).toBe('/screener?sector=Energy'));
  });
});
