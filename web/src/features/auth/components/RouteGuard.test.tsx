import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { INITIAL_SESSION, type SessionState } from '@core/session';
import { peekPendingRedirect, setPendingRedirect } from '../lib/pending-redirect';
import { AuthContext, type AuthContextValue } from '../../../lib/auth/auth-context';
import { RouteGuard } from './RouteGuard';

/*
 * What the guard shows for each kind of core decideAccess decision, with the expectations written
 * out. Which session gets which decision on which path is core/routes.test.ts's subject.
 */
const initialising = INITIAL_SESSION;
const anonymous: SessionState = { ...INITIAL_SESSION, isInitialized: true };
const user: SessionState = {
  ...anonymous,
  isAuthenticated: true,
  user: { sub: 'sub-1', email: 'someone@example.com' },
};
const editor: SessionState = { ...user, isEditor: true };

function renderGuarded(path: string, state: SessionState) {
  const value: AuthContextValue = {
    state,
    dispatch: () => {},
    completeSignIn: async () => ({ kind: 'no-session' }),
    logout: async () => {},
    reloadSubscription: async () => {},
  };
  const page = (name: string) => (
    <RouteGuard>
      <p>{name}</p>
    </RouteGuard>
  );
  const router = createMemoryRouter(
    [
      { path: '/401', element: page('PAGE (401)') },
      { path: '*', element: page('PAGE') },
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

afterEach(() => sessionStorage.clear());

describe('route guard: what each decision shows (SPEC §2, §6)', () => {
  it('render: the page itself', () => {
    const router = renderGuarded('/profile', user);
    expect(screen.getByText('PAGE')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('loading: the indicator while authentication initialises, not the page', () => {
    renderGuarded('/profile', initialising);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(screen.queryByText('PAGE')).not.toBeInTheDocument();
  });

  it('sign-in: the prompt with links to /login and /register, not the page', () => {
    renderGuarded('/profile', anonymous);
    expect(screen.getByRole('heading', { name: 'Sign in required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register for a free account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.queryByText('PAGE')).not.toBeInTheDocument();
  });

  it('unauthorised: off to /401', async () => {
    const router = renderGuarded('/admin/dashboard', user);
    await screen.findByText('PAGE (401)');
    expect(router.state.location.pathname).toBe('/401');
  });

  it("redirect: a signed-in visitor of a guest-only screen goes to the role's home", async () => {
    const router = renderGuarded('/login', user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    const staff = renderGuarded('/register', editor);
    await waitFor(() => expect(staff.state.location.pathname).toBe('/admin/dashboard/'));
  });

  it('not-found: the not-found page for an unknown path', () => {
    renderGuarded('/no/such/page', user);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('PAGE')).not.toBeInTheDocument();
  });
});

describe('route guard: the pending redirect target (SPEC §2)', () => {
  it('is stored when the sign-in prompt is followed', async () => {
    renderGuarded('/screener?sector=Energy', anonymous);
    act(() => screen.getByRole('link', { name: 'Log in' }).click());
    await waitFor(() => expect(peekPendingRedirect()).toBe('/screener?sector=Energy'));
  });

  it('is used once, instead of the home', async () => {
    setPendingRedirect('/profile');
    const router = renderGuarded('/login', user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(peekPendingRedirect()).toBeUndefined();
  });

  it('is ignored when it is the current path', async () => {
    setPendingRedirect('/login');
    const router = renderGuarded('/login', user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
  });

  it('survives the guest-only screens (login, register, verification)', async () => {
    setPendingRedirect('/profile');
    const router = renderGuarded('/login', anonymous);
    await act(() => router.navigate('/register'));
    await act(() => router.navigate('/verify-code'));
    expect(peekPendingRedirect()).toBe('/profile');
  });

  it('is forgotten once the visitor leaves the guest-only screens without signing in', async () => {
    setPendingRedirect('/admin/settings/users');
    const router = renderGuarded('/login', anonymous);
    await act(() => router.navigate('/about'));
    expect(peekPendingRedirect()).toBeUndefined();
  });
});
