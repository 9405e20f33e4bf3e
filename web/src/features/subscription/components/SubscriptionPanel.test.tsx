import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionState } from '@core/subscription';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis, type ApiAnswers } from '../../../testing/render-app';
import { activeSubscription, invoice } from '../../../testing/subscription';
import { jsonResponse } from '../../../testing/test-utils';
import { leaveSiteFor } from '../lib/leave-site';
import { MANAGE_BILLING_TEXT, switchText } from './SubscriptionActions';

vi.mock('aws-amplify', () => import('../../../testing/amplify-mock'));
vi.mock('aws-amplify/auth', () => import('../../../testing/amplify-mock'));
vi.mock('aws-amplify/utils', () => import('../../../testing/amplify-mock'));
vi.mock('../lib/leave-site', () => ({ leaveSiteFor: vi.fn() }));

const EMAIL = 'sub@example.com';
const CHECKOUT_URL = 'http://127.0.0.1:4010/checkout/cs_test_1';
const PORTAL_URL = 'http://127.0.0.1:4010/portal/cus_test';

interface Sent {
  readonly path: string;
  readonly body: unknown;
}

/** The API with the user's stored subscription, and answers by path for the changes; what was sent. */
function api(subscription: SubscriptionState | null, answers: ApiAnswers['extra'] = {}) {
  const sent: Sent[] = [];
  const recorded = Object.fromEntries(
    Object.entries(answers).map(([path, answer]) => [
      path,
      (init?: RequestInit) => {
        sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return answer(init);
      },
    ]),
  );
  const requests = stubApis({
    user: { email: EMAIL, subscription },
    invoices: [
      invoice({ id: 'in_2', number: 'LOCAL-0002', created: '2026-12-24T12:00:00.000Z' }),
      invoice(),
    ],
    extra: recorded,
  });
  return { sent, requests };
}

const panel = () => screen.findByRole('region', { name: 'Subscription' });
/** The value of a term in the panel's details. */
const detail = (region: HTMLElement, term: string) =>
  within(region).getByText(term).nextElementSibling?.textContent;

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: EMAIL });
  localStorage.clear();
  vi.mocked(leaveSiteFor).mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('the profile’s subscription panel, Free', () => {
  it('offers both plans with the provider’s prices; Subscribe opens the hosted checkout', async () => {
    const { sent } = api(null, {
      '/api/subscription/checkout': () => jsonResponse({ url: CHECKOUT_URL }),
    });
    renderApp('/profile', { signedIn: true });
    const region = await panel();
    expect(detail(region, 'Plan')).toBe('Free');
    const plans = within(region).getByRole('region', { name: 'Upgrade to Premium' });
    const offers = await within(plans).findAllByRole('listitem');
    expect(offers.map((o) => o.textContent)).toEqual([
      'Premium, billed monthly$9.00 per monthSubscribe',
      'Premium, billed yearly$90.00 per yearSubscribe',
    ]);
    // No invoices before a first payment.
    expect(within(region).queryByRole('region', { name: 'Invoices' })).toBeNull();

    const user = userEvent.setup();
    await user.click(
      within(plans).getByRole('button', { name: 'Subscribe to Premium, billed yearly' }),
    );
    await waitFor(() => expect(leaveSiteFor).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(sent).toEqual([
      { path: '/api/subscription/checkout', body: { plan: 'premium_yearly' } },
    ]);
    // Until the browser has left, no second checkout.
    for (const button of within(plans).getAllByRole('button')) expect(button).toBeDisabled();
  });

  it('says why a checkout could not start', async () => {
    api(null, {
      '/api/subscription/checkout': () =>
        jsonResponse({ message: 'The payment provider is unavailable.' }, 503),
    });
    renderApp('/profile', { signedIn: true });
    const region = await panel();
    const user = userEvent.setup();
    await user.click(
      await within(region).findByRole('button', { name: 'Subscribe to Premium, billed monthly' }),
    );
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'The payment provider is unavailable.',
    );
    expect(leaveSiteFor).not.toHaveBeenCalled();
    // Nothing opened: Subscribe works again.
    expect(
      within(region).getByRole('button', { name: 'Subscribe to Premium, billed monthly' }),
    ).toBeEnabled();
  });

  it('shows the subscription the server has when a checkout is refused as out of date (409)', async () => {
    // Premium was bought meanwhile (another tab): the session's Free is out of date.
    let refused = false;
    api(null, {
      '/api/subscription/user': () =>
        jsonResponse({ email: EMAIL, subscription: refused ? activeSubscription() : null }),
      '/api/subscription/checkout': () => {
        refused = true;
        return jsonResponse(
          { message: 'You already have Premium: change your billing interval.' },
          409,
        );
      },
    });
    renderApp('/profile', { signedIn: true });
    const region = await panel();
    const user = userEvent.setup();
    await user.click(
      await within(region).findByRole('button', { name: 'Subscribe to Premium, billed monthly' }),
    );
    // The refusal shows the truth: the plans make way for the Premium the server has.
    await waitFor(() => expect(detail(region, 'Plan')).toBe('Premium, billed monthly'));
    expect(within(region).getByRole('button', { name: 'Cancel at period end' })).toBeEnabled();
    expect(leaveSiteFor).not.toHaveBeenCalled();
  });

  it('offers the plans again once Premium ended, and keeps the invoices', async () => {
    api(activeSubscription({ status: 'canceled' }));
    renderApp('/profile', { signedIn: true });
    const region = await panel();
    expect(detail(region, 'Plan')).toBe('Free');
    expect(
      await within(region).findByRole('button', { name: 'Subscribe to Premium, billed monthly' }),
    ).toBeEnabled();
    expect(within(region).getByRole('region', { name: 'Invoices' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Cancel at period end' })).toBeNull();
  });
});

describe('the profile’s subscription panel, Premium', () => {
  it('shows plan, status, price, renewal date, card and the invoices with their PDFs', async () => {
    api(activeSubscription());
    renderApp('/profile', { signedIn: true });
    const region = await panel();
    expect(detail(region, 'Plan')).toBe('Premium, billed monthly');
    expect(detail(region, 'Status')).toBe('Active');
    expect(detail(region, 'Price')).toBe('$12.00 per month');
    expect(detail(region, 'Renews on')).toBe('2026-12-24');
    expect(detail(region, 'Card')).toBe('Visa ending in 4242');
    expect(within(region).queryByRole('region', { name: 'Upgrade to Premium' })).toBeNull();

    const table = await within(region).findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent)),
    ).toEqual([
      ['2026-12-24', 'LOCAL-0002', '$9.00', 'Paid', 'PDF of invoice LOCAL-0002'],
      ['2026-11-24', 'LOCAL-0001', '$9.00', 'Paid', 'PDF of invoice LOCAL-0001'],
    ]);
    expect(within(table).getByRole('link', { name: 'PDF of invoice LOCAL-0001' })).toHaveAttribute(
      'href',
      'http://127.0.0.1:4010/invoices/in_test_1/pdf',
    );
  });

  it('cancels at period end (the end date replaces the renewal), resumes, and cancels again', async () => {
    const { sent } = api(activeSubscription(), {
      '/api/subscription/cancel': () =>
        jsonResponse(activeSubscription({ cancelAtPeriodEnd: true })),
      '/api/subscription/resume': () => jsonResponse(activeSubscription()),
    });
    renderApp('/profile', { signedIn: true });
    const region = await panel();
    const user = userEvent.setup();
    await user.click(await within(region).findByRole('button', { name: 'Cancel at period end' }));
    const resume = await within(region).findByRole('button', { name: 'Resume subscription' });
    expect(detail(region, 'Ends on')).toBe('2026-12-24');
    expect(within(region).queryByText('Renews on')).toBeNull();
    expect(region).toHaveTextContent('Premium stays until 2026-12-24 and is not renewed.');

    await user.click(resume);
    await within(region).findByRole('button', { name: 'Cancel at period end' });
    expect(detail(region, 'Renews on')).toBe('2026-12-24');

    await user.click(within(region).getByRole('button', { name: 'Cancel at period end' }));
    await within(region).findByRole('button', { name: 'Resume subscription' });
    expect(sent.map((s) => s.path)).toEqual([
      '/api/subscription/cancel',
      '/api/subscription/resume',
      '/api/subscription/cancel',
    ]);
  });

  it('switches to yearly only after a confirmation that names the charge and the proration', async () => {
    const yearly = activeSubscription({
      plan: 'premium_yearly',
      price: { amount: 9000, currency: 'usd' },
      currentPeriodEnd: '2027-11-30T12:00:00.000Z',
    });
    const { sent, requests } = api(activeSubscription(), {
      '/api/subscription/plan': () => jsonResponse(yearly),
    });
    renderApp('/profile', { signedIn: true });
    const region = await panel();
    await within(region).findByRole('table', { name: 'Invoices' });
    const invoiceLoads = () => requests.filter((r) => r.url.endsWith('/invoices')).length;
    expect(invoiceLoads()).toBe(1);
    const user = userEvent.setup();

    await user.click(within(region).getByRole('button', { name: 'Switch to yearly billing' }));
    let dialog = screen.getByRole('dialog', { name: 'Switch to yearly billing?' });
    expect(dialog).toHaveTextContent(switchText('premium_yearly', '$90.00'));
    expect(dialog).toHaveTextContent('prorated');
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);

    await user.click(within(region).getByRole('button', { name: 'Switch to yearly billing' }));
    dialog = screen.getByRole('dialog', { name: 'Switch to yearly billing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Switch to yearly' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ path: '/api/subscription/plan', body: { plan: 'premium_yearly' } }]);
    expect(detail(region, 'Plan')).toBe('Premium, billed yearly');
    expect(detail(region, 'Renews on')).toBe('2027-11-30');
    expect(within(region).getByRole('button', { name: 'Switch to monthly billing' })).toBeEnabled();
    // The switch billed the prorated difference: the invoices are read again.
    await waitFor(() => expect(invoiceLoads()).toBe(2));
  });

  it('keeps the dialog open with the reason when the switch is refused', async () => {
    api(activeSubscription(), {
      '/api/subscription/plan': () =>
        jsonResponse({ message: 'You are on this plan already.' }, 400),
    });
    renderApp('/profile', { signedIn: true });
    const region = await panel();
    const user = userEvent.setup();
    await user.click(
      await within(region).findByRole('button', { name: 'Switch to yearly billing' }),
    );
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Switch to yearly' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You are on this plan already.',
    );
    expect(detail(region, 'Plan')).toBe('Premium, billed monthly');
  });

  it('shows Free when the subscription ended before the click (the server’s 404)', async () => {
    let refused = false;
    api(null, {
      '/api/subscription/user': () =>
        jsonResponse({
          email: EMAIL,
          subscription: activeSubscription(refused ? { status: 'canceled' } : {}),
        }),
      '/api/subscription/cancel': () => {
        refused = true;
        return jsonResponse({ message: 'You have no subscription to change.' }, 404);
      },
    });
    renderApp('/profile', { signedIn: true });
    const region = await panel();
    const user = userEvent.setup();
    await user.click(await within(region).findByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() => expect(detail(region, 'Plan')).toBe('Free'));
    expect(
      await within(region).findByRole('button', { name: 'Subscribe to Premium, billed monthly' }),
    ).toBeEnabled();
  });

  it('opens the provider’s billing portal from Manage billing', async () => {
    const { sent } = api(activeSubscription(), {
      '/api/subscription/portal': () => jsonResponse({ url: PORTAL_URL }),
    });
    renderApp('/profile', { signedIn: true });
    const region = await panel();
    const user = userEvent.setup();
    await user.click(await within(region).findByRole('button', { name: MANAGE_BILLING_TEXT }));
    await waitFor(() => expect(leaveSiteFor).toHaveBeenCalledWith(PORTAL_URL));
    expect(sent.map((s) => s.path)).toEqual(['/api/subscription/portal']);
  });
});
