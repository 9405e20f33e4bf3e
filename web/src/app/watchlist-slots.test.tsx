import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screenerStock } from '@core/testing/screener-stock';
import type { WatchlistView } from '@core/watchlists';
import * as amplify from '../testing/amplify-mock';
import { renderApp, stubApis } from '../testing/render-app';
import { jsonResponse } from '../testing/test-utils';
import { PROFILE, QUOTE } from '../features/stock/testing/fixtures';
import { RECENTLY_VIEWED_KEY } from '../features/watchlists/lib/recently-viewed';

vi.mock('aws-amplify', () => import('../testing/amplify-mock'));
vi.mock('aws-amplify/auth', () => import('../testing/amplify-mock'));
vi.mock('aws-amplify/utils', () => import('../testing/amplify-mock'));
vi.mock('../components/chart/PriceChart', () => ({ PriceChart: () => null }));

const list = (id: string, name: string, symbols: string[]): WatchlistView => ({
  id,
  name,
  symbols,
  version: 3,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  readOnly: false,
});

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: 'page@example.com' });
  localStorage.clear();
});

afterEach(() => vi.restoreAllMocks());

/** One screener row, as the API answers it (in USD). */
const SCREENED = { ...screenerStock('ACME'), marketCapConverted: 1e9, priceConverted: 10 };

function serve() {
  let lists = [list('wl_aaaaaaaa1', 'Tech', ['ACME']), list('wl_bbbbbbbb2', 'Banks', [])];
  const requests = stubApis({
    extra: {
      '/api/asset/stocks/screener': () =>
        jsonResponse({
          data: [SCREENED],
          total: 1,
          offset: 0,
          limit: 25,
          currency: 'USD',
          rates: { USD: 1 },
        }),
      '/api/subscription/screens': () =>
        jsonResponse({ screens: [], limits: { tier: 'premium', savedScreens: 50 } }),
      '/api/asset/stocks/profile/ACME': () => jsonResponse({ data: [PROFILE] }),
      '/api/asset/stocks/quote/ACME': () => jsonResponse({ data: [QUOTE] }),
      '/api/subscription/watchlists': (init) => {
        if (init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { symbols: string[] };
          const id = requests.at(-1)!.url.split('/').at(-1);
          lists = lists.map((l) => (l.id === id ? { ...l, symbols: body.symbols } : l));
          return jsonResponse(lists.find((l) => l.id === id));
        }
        return jsonResponse({
          watchlists: lists,
          limits: { tier: 'premium', watchlists: 20, symbolsPerWatchlist: 200 },
        });
      },
    },
  });
  return requests;
}

describe('the stock page with the watchlists (app/ composition)', () => {
  it('shows which lists hold the stock and adds it to another one', async () => {
    const requests = serve();
    renderApp('/stocks/ACME', { signedIn: true });
    await screen.findByText('In your watchlists: Tech', {}, { timeout: 5_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Add to watchlist' }));
    expect(screen.getByRole('checkbox', { name: 'Tech' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Banks' }));
    await screen.findByText('In your watchlists: Tech, Banks');
    const put = requests.find((r) => r.url.endsWith('/watchlists/wl_bbbbbbbb2'))!;
    expect(JSON.parse(String(put.init?.body))).toEqual({
      name: 'Banks',
      symbols: ['ACME'],
      version: 3,
    });
    // The page is remembered as recently viewed, in this browser only.
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY) ?? '[]')).toEqual([
        { symbol: 'ACME', name: PROFILE.companyName },
      ]),
    );
  });

  it('offers no watchlist control to a visitor', async () => {
    serve();
    renderApp('/stocks/ACME');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 });
    expect(screen.queryByRole('button', { name: 'Add to watchlist' })).toBeNull();
  });

  it('adds a stock to a watchlist from its screener row', async () => {
    const requests = serve();
    renderApp('/screener', { signedIn: true });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add ACME to watchlist' }, { timeout: 5_000 }),
    );
    // The lists open in a dialog above the page, not in a panel that widens the row's cell.
    const dialog = screen.getByRole('dialog', { name: 'Add ACME to a watchlist' });
    expect(dialog.closest('table')).toBeNull();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Banks' }));
    await waitFor(() =>
      expect(requests.some((r) => r.url.endsWith('/watchlists/wl_bbbbbbbb2'))).toBe(true),
    );
    const put = requests.find((r) => r.url.endsWith('/watchlists/wl_bbbbbbbb2'))!;
    expect(JSON.parse(String(put.init?.body))).toMatchObject({ symbols: ['ACME'] });
  });
});
