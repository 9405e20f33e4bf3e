import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '@core/market/types';
import type { WatchQuote } from '@core/market/watch-quotes';
import type { WatchlistView } from '@core/watchlists';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis, type RecordedRequest } from '../../../testing/render-app';
import { jsonResponse } from '../../../testing/test-utils';
import { RECENTLY_VIEWED_KEY } from '../lib/recently-viewed';

const EMAIL = 'lists@example.com';

const list = (id: string, name: string, symbols: string[]): WatchlistView => ({
  id,
  name,
  symbols,
  version: 1,
  createdAt: `2026-01-0${id.slice(-1)}T00:00:00Z`,
  updatedAt: '2026-01-01T00:00:00Z',
  readOnly: false,
});

const quote = (symbol: string, price: number, changesPercentage: number): WatchQuote => ({
  symbol,
  name: `${symbol} Corp`,
  currency: 'USD',
  quote: {
    symbol,
    price,
    change: (price * changesPercentage) / 100,
    changesPercentage,
    marketOpen: symbol !== 'CCC',
  } as Quote,
  spark: [price * 0.9, price * 0.95, price],
});

const QUOTES: Record<string, WatchQuote> = {
  AAA: quote('AAA', 10, 1.5),
  BBB: quote('BBB', 300, -2),
  CCC: quote('CCC', 55, 0.5),
};

/** The watchlist routes as the server answers them, over a list the test can read. */
function serveWatchlists(initial: WatchlistView[]) {
  const state = { lists: initial };
  const requests: RecordedRequest[] = stubApis({
    user: { email: EMAIL, subscription: null },
    extra: {
      '/api/subscription/watchlists': (init) => {
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        const method = init?.method ?? 'GET';
        const url = requests.at(-1)!.url;
        if (method === 'PUT' && url.endsWith('/order')) {
          const ids = (body.order as { id: string }[]).map((o) => o.id);
          state.lists = ids.map((id) => state.lists.find((l) => l.id === id)!);
        } else if (method === 'PUT') {
          const id = url.split('/').at(-1);
          state.lists = state.lists.map((l) =>
            l.id === id ? { ...l, ...body, version: l.version + 1 } : l,
          );
          return jsonResponse(state.lists.find((l) => l.id === id));
        } else if (method === 'POST') {
          const created = list(`wl_new00000${state.lists.length + 1}`, body.name, body.symbols);
          state.lists = [...state.lists, created];
          return jsonResponse(created);
        }
        return jsonResponse({
          watchlists: state.lists,
          limits: { tier: 'premium', watchlists: 20, symbolsPerWatchlist: 200 },
        });
      },
      '/api/asset/stocks/quotes': () => {
        const url = new URL(requests.at(-1)!.url, 'http://localhost');
        const symbols = url.searchParams.get('symbols')!.split(',');
        return jsonResponse({ data: symbols.map((s) => QUOTES[s]) });
      },
      '/api/asset/stocks/indexes': () => jsonResponse({ data: [] }),
      '/api/asset/stocks/calendar': () =>
        jsonResponse({
          data: [
            {
              kind: 'earnings',
              symbol: 'BBB',
              date: '2099-01-20',
              fiscalDateEnding: '2098-12-31',
              epsEstimated: 1,
              eps: null,
              surprise: null,
            },
            {
              kind: 'earnings',
              symbol: 'AAA',
              date: '2099-02-03',
              fiscalDateEnding: '2098-12-31',
              epsEstimated: 2,
              eps: null,
              surprise: null,
            },
          ],
        }),
    },
  });
  return { state, requests };
}

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: EMAIL });
  localStorage.clear();
});

afterEach(() => vi.restoreAllMocks());

const quoteRequests = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.url.includes('/api/asset/stocks/quotes'));

describe('/dashboard watchlists', () => {
  it('shows each list with live quotes from ONE batched request per list, sortable by any column', async () => {
    const { requests } = serveWatchlists([list('wl_aaaaaaaa1', 'Tech', ['AAA', 'BBB', 'CCC'])]);
    renderApp('/dashboard', { signedIn: true });
    // The first render loads the lazy dashboard and workspace chunks.
    const tech = await screen.findByRole('region', { name: 'Tech' }, { timeout: 5_000 });
    const table = await within(tech).findByRole('table', { name: 'Tech: stocks' });
    await within(table).findByText('300.00 USD');
    expect(quoteRequests(requests).map((r) => new URL(r.url, 'http://x').search)).toEqual([
      '?symbols=AAA%2CBBB%2CCCC',
    ]);
    const symbols = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent?.slice(0, 3));
    expect(symbols()).toEqual(['AAA', 'BBB', 'CCC']);
    expect(within(table).getAllByText('Closed')).toHaveLength(1);
    await userEvent.click(within(table).getByRole('button', { name: 'Price' }));
    expect(symbols()).toEqual(['BBB', 'CCC', 'AAA']);
    await userEvent.click(within(table).getByRole('button', { name: 'Day change' }));
    expect(symbols()).toEqual(['AAA', 'CCC', 'BBB']);
    // The next earnings date from one calendar request for the list; none scheduled shows '—'.
    await within(table).findByText('2099-01-20');
    expect(within(table).getByText('2099-02-03')).toBeVisible();
    expect(within(table).getByText('—')).toBeVisible();
    expect(requests.filter((r) => r.url.includes('/api/asset/stocks/calendar'))).toHaveLength(1);
    await userEvent.click(within(table).getByRole('button', { name: 'Next earnings' }));
    expect(symbols()).toEqual(['BBB', 'AAA', 'CCC']);
    // The false promise is gone.
    expect(document.body).not.toHaveTextContent(/saved tools/i);
  });

  it('creates a list, reorders the lists and the symbols within one, each sent with its versions', async () => {
    const { state, requests } = serveWatchlists([
      list('wl_aaaaaaaa1', 'Tech', ['AAA', 'BBB']),
      list('wl_bbbbbbbb2', 'Banks', []),
    ]);
    renderApp('/dashboard', { signedIn: true });
    await screen.findByRole('region', { name: 'Tech' });

    await userEvent.type(screen.getByLabelText('New watchlist'), 'Energy');
    await userEvent.click(screen.getByRole('button', { name: 'Create watchlist' }));
    await screen.findByRole('region', { name: 'Energy' });
    expect(state.lists.map((l) => l.name)).toEqual(['Tech', 'Banks', 'Energy']);

    await userEvent.click(screen.getByRole('button', { name: 'Move up Energy' }));
    await waitFor(() =>
      expect(state.lists.map((l) => l.name)).toEqual(['Tech', 'Energy', 'Banks']),
    );
    const order = requests.find((r) => r.url.endsWith('/watchlists/order'))!;
    expect(JSON.parse(String(order.init?.body))).toEqual({
      order: [
        { id: 'wl_aaaaaaaa1', version: 1 },
        { id: 'wl_new000003', version: 1 },
        { id: 'wl_bbbbbbbb2', version: 1 },
      ],
    });
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
        'Tech',
        'Energy',
        'Banks',
      ]),
    );

    const tech = screen.getByRole('region', { name: 'Tech' });
    await userEvent.click(await within(tech).findByRole('button', { name: 'Down AAA' }));
    await waitFor(() => expect(state.lists[0]!.symbols).toEqual(['BBB', 'AAA']));
    const update = requests.find((r) => r.url.endsWith('/watchlists/wl_aaaaaaaa1'))!;
    expect(JSON.parse(String(update.init?.body))).toEqual({
      name: 'Tech',
      symbols: ['BBB', 'AAA'],
      version: 1,
    });
  });

  it('shows the recently viewed stocks this browser keeps', async () => {
    localStorage.setItem(
      RECENTLY_VIEWED_KEY,
      JSON.stringify([{ symbol: 'BBB', name: 'BBB Corp' }]),
    );
    serveWatchlists([]);
    renderApp('/dashboard', { signedIn: true });
    const recent = await screen.findByRole('region', { name: 'Recently viewed' });
    expect(within(recent).getByRole('link', { name: /BBB/ })).toHaveAttribute(
      'href',
      '/stocks/BBB',
    );
    await within(recent).findByText(/-2\.00%/);
  });
});
