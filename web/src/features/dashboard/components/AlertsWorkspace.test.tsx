import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Alert, AlertsAnswer, NotificationsAnswer } from '@core/alerts';
import { limitReachedText } from '@core/subscription';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis } from '../../../testing/render-app';

const EMAIL = 'alerts@example.com';
const fired: Alert = {
  id: 'al_000000000001',
  symbol: 'AAPL',
  condition: { kind: 'above', price: 190 },
  armed: false,
  version: 2,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T15:00:00.000Z',
  firedAt: '2026-11-26T15:00:00.000Z',
  firedPrice: 190.5,
};
const notices: NotificationsAnswer = {
  notifications: [
    {
      id: 'nt_001764169200000abcdef01',
      alertId: fired.id,
      symbol: 'AAPL',
      condition: fired.condition,
      price: 190.5,
      at: '2026-11-26T15:00:00.000Z',
      title: 'Price alert: AAPL at or above 190.00',
      body: 'AAPL traded at 190.50.',
      read: false,
    },
  ],
  unread: 1,
};

const json = (value: unknown) =>
  new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } });

function stub(alerts: AlertsAnswer, created: () => Response = () => json(fired)) {
  return stubApis({
    user: { email: EMAIL, subscription: null },
    extra: {
      '/api/subscription/alerts': (init) =>
        init?.method === 'POST' || init?.method === 'PUT' ? created() : json(alerts),
      '/api/subscription/notifications': () => json(notices),
      // The dashboard's other sections (watchlists, market summary) answer too: a request left
      // unanswered would fail the session's calls and leave the next test signed out.
      '/api/subscription/watchlists': () =>
        json({ watchlists: [], limits: { tier: 'free', watchlists: 1, symbolsPerWatchlist: 20 } }),
      '/api/asset/stocks/indexes': () => json({ data: [] }),
    },
  });
}

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: EMAIL });
  localStorage.clear();
});

afterEach(() => vi.restoreAllMocks());

describe('/dashboard price alerts', () => {
  it('lists a fired alert, re-arms it with its version, and shows the unread notice', async () => {
    const requests = stub({ alerts: [fired], limits: { tier: 'free', alerts: 3 } });
    renderApp('/dashboard', { signedIn: true });
    const panel = await screen.findByRole('region', { name: 'Price alerts' }, { timeout: 5_000 });
    expect(
      await within(panel).findByText('AAPL at or above 190.00', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(panel).toHaveTextContent('1 of 3 alerts used');
    const notifications = screen.getByRole('region', { name: /Notifications/ });
    expect(await within(notifications).findByLabelText('1 unread')).toHaveTextContent('1');
    expect(notifications).toHaveTextContent('Price alert: AAPL at or above 190.00');

    await userEvent.click(within(panel).getByRole('button', { name: /Re-arm/ }));
    await waitFor(() => expect(requests.some((r) => r.init?.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.init?.method === 'PUT')!;
    expect(put.url).toContain(`/api/subscription/alerts/${fired.id}`);
    expect(JSON.parse(put.init!.body as string)).toEqual({
      condition: fired.condition,
      armed: true,
      version: 2,
    });
  });

  it('creates a % move alert from the form', async () => {
    const requests = stub({ alerts: [], limits: { tier: 'free', alerts: 3 } });
    renderApp('/dashboard', { signedIn: true });
    const form = await screen.findByRole('form', { name: 'New price alert' });
    await userEvent.type(within(form).getByLabelText('Symbol'), 'msft');
    await userEvent.selectOptions(within(form).getByLabelText('Alert when'), 'dayMove');
    await userEvent.selectOptions(within(form).getByLabelText('Direction'), 'down');
    // The kind's own fields appear once the choice has rendered.
    await userEvent.type(await within(form).findByLabelText('Percent'), '3.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Create alert' }));
    await waitFor(() =>
      expect(requests.some((r) => r.init?.method === 'POST' && r.url.endsWith('/alerts'))).toBe(
        true,
      ),
    );
    const post = requests.find((r) => r.init?.method === 'POST' && r.url.endsWith('/alerts'))!;
    expect(JSON.parse(post.init!.body as string)).toEqual({
      symbol: 'msft',
      condition: { kind: 'dayMove', percent: 3.5, direction: 'down' },
    });
  });

  it("shows the server's refusal of an unknown symbol on the symbol field", async () => {
    const message = 'symbol: NOSUCH is not a listed stock or market index';
    stub(
      { alerts: [], limits: { tier: 'free', alerts: 3 } },
      () => new Response(JSON.stringify({ message }), { status: 400 }),
    );
    renderApp('/dashboard', { signedIn: true });
    const form = await screen.findByRole('form', { name: 'New price alert' });
    const symbol = within(form).getByLabelText('Symbol');
    await userEvent.type(symbol, 'NOSUCH');
    await userEvent.type(within(form).getByLabelText('Price'), '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Create alert' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(symbol).toHaveAttribute('aria-invalid', 'true');
    expect(symbol).toHaveAccessibleDescription(message);
    expect(symbol).toHaveValue('NOSUCH');
  });

  it("at the plan's limit shows core's limit text and disables the form", async () => {
    stub({
      alerts: [fired, { ...fired, id: 'al_2' }, { ...fired, id: 'al_3' }],
      limits: { tier: 'free', alerts: 3 },
    });
    renderApp('/dashboard', { signedIn: true });
    const panel = await screen.findByRole('region', { name: 'Price alerts' });
    expect(await within(panel).findByRole('note', {}, { timeout: 5_000 })).toHaveTextContent(
      limitReachedText('price alerts', 3, 'free'),
    );
    expect(within(panel).getByRole('button', { name: 'Create alert' })).toBeDisabled();
  });
});

describe('/dashboard#notifications (where the bell leads)', () => {
  it('brings the list into view once it has loaded, and focuses it', async () => {
    stub({ alerts: [], limits: { tier: 'free', alerts: 3 } });
    // Whether the notices were on screen each time the page scrolled to the list.
    const listShown: boolean[] = [];
    const scroll = vi.fn(function (this: HTMLElement) {
      listShown.push(this.querySelector('.notification-list') !== null);
    });
    // jsdom lays nothing out and has no scrollIntoView: the test gives elements one.
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      value: scroll,
      configurable: true,
    });
    onTestFinished(() => {
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    });
    renderApp('/dashboard#notifications', { signedIn: true });
    const notifications = await screen.findByRole('region', { name: /Notifications/ });
    await within(notifications).findByText('Price alert: AAPL at or above 190.00');
    await waitFor(() => expect(listShown).toContain(true));
    expect(notifications).toHaveFocus();
  });
});
