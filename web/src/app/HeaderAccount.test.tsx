import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as amplify from '../testing/amplify-mock';
import { renderApp, stubApis } from '../testing/render-app';

beforeEach(() => {
  amplify.resetAmplifyMock();
  localStorage.clear();
  stubApis();
});

afterEach(() => vi.restoreAllMocks());

describe('header account area (SPEC §2 Layout, §6: anonymous visitors)', () => {
  it('offers Login and Register, linking to /login and /register', async () => {
    renderApp('/about');
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(header).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('places the search box after the Home tab, and the buttons last', async () => {
    renderApp('/about');
    const header = screen.getByRole('banner');
    const order = [
      within(header).getByRole('link', { name: 'Home' }),
      within(header).getByRole('combobox', { name: 'Search stocks' }),
      await within(header).findByRole('link', { name: 'Login' }),
      within(header).getByRole('link', { name: 'Register' }),
    ];
    for (let i = 1; i < order.length; i += 1) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!)).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
    }
  });
});

describe('header account area (SPEC §2 Layout, §4, §6: signed in)', () => {
  beforeEach(() => amplify.signedInAs({ email: 'ada@example.com' }));

  it('shows the user menu with Profile and Logout instead of Login and Register', async () => {
    const user = userEvent.setup();
    renderApp('/about', { signedIn: true });
    const header = screen.getByRole('banner');
    const button = await within(header).findByRole('button', { name: /ada@example.com/ });
    expect(within(header).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(header).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('logs out: signs out and goes to /login', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/about', { signedIn: true });
    const header = screen.getByRole('banner');
    await user.click(await within(header).findByRole('button', { name: /ada@example.com/ }));
    await user.click(within(header).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(amplify.signOut).toHaveBeenCalledWith();
    expect(await within(header).findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('says so and stays signed in when the sign-out failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    amplify.signOut.mockRejectedValue(new Error('Sign-out failed'));
    const user = userEvent.setup();
    const { router } = renderApp('/about', { signedIn: true });
    const header = screen.getByRole('banner');
    await user.click(await within(header).findByRole('button', { name: /ada@example.com/ }));
    await user.click(within(header).getByRole('button', { name: 'Logout' }));
    expect(await within(header).findByRole('alert')).toHaveTextContent('Sign-out failed');
    expect(router.state.location.pathname).toBe('/about');
    expect(within(header).getByRole('button', { name: /ada@example.com/ })).toBeInTheDocument();
  });

  it("links the menu's Dashboard to the role's home", async () => {
    amplify.signedInAs({ email: 'ada@example.com', groups: ['editor'] });
    const user = userEvent.setup();
    renderApp('/about', { signedIn: true });
    const header = screen.getByRole('banner');
    await user.click(await within(header).findByRole('button', { name: /ada@example.com/ }));
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard/',
    );
  });
});
