import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationsAnswer } from '@core/alerts';
import * as amplify from '../testing/amplify-mock';
import { jsonResponse as json } from '../testing/test-utils';
import { renderApp, stubApis } from '../testing/render-app';

const EMAIL = 'bell@example.com';
const notice = (id: string, read: boolean) => ({
  id,
  alertId: 'al_000000000001',
  symbol: 'ABC',
  condition: { kind: 'above' as const, price: 10 },
  price: 10.5,
  at: '2026-11-26T15:00:00.000Z',
  title: `Price alert ${id}`,
  body: 'ABC traded at 10.50.',
  read,
});
const twoUnread: NotificationsAnswer = {
  notifications: [
    notice('nt_001764169200000aaaaaaaa', false),
    notice('nt_001764169200000bbbbbbbb', false),
  ],
  unread: 2,
};

beforeEach(() => {
  amplify.resetAmplifyMock();
  localStorage.clear();
});

afterEach(() => vi.restoreAllMocks());

describe('header notification bell', () => {
  it('names the unread count and leads to the list, which takes the focus', async () => {
    amplify.signedInAs({ email: EMAIL });
    stubApis({
      user: { email: EMAIL, subscription: null },
      notifications: twoUnread,
      extra: {
        '/api/subscription/alerts': () => json({ alerts: [], limits: { tier: 'free', alerts: 3 } }),
        '/api/subscription/watchlists': () =>
          json({
            watchlists: [],
            limits: { tier: 'free', watchlists: 1, symbolsPerWatchlist: 20 },
          }),
        '/api/asset/stocks/indexes': () => json({ data: [] }),
      },
    });
    renderApp('/about', { signedIn: true });
    const header = screen.getByRole('banner');
    const bell = await within(header).findByRole(
      'link',
      { name: 'Notifications, 2 unread' },
      { timeout: 5_000 },
    );
    expect(bell).toHaveAttribute('href', '/dashboard#notifications');
    await userEvent.click(bell);
    const list = await screen.findByRole('region', { name: /Notifications/ }, { timeout: 5_000 });
    await waitFor(() => expect(list).toHaveFocus());
  });

  it('is not shown to visitors or staff', async () => {
    stubApis();
    renderApp('/about');
    await within(screen.getByRole('banner')).findByRole('link', { name: 'Login' });
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();

    amplify.signedInAs({ email: 'admin@example.com', groups: ['admin'] });
    stubApis({ user: { email: 'admin@example.com', subscription: null } });
    renderApp('/about', { signedIn: true });
    await within(screen.getAllByRole('banner').at(-1)!).findByRole('button', {
      name: /Account menu/,
    });
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
  });
});
