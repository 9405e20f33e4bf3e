import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CANCEL_CONFIRM_LABEL,
  CANCEL_KEEP_LABEL,
  CANCEL_TITLE,
  SWITCH_PREVIEW_FAILED_TEXT,
  SWITCH_PREVIEW_LOADING_TEXT,
  type PlanChangePreview,
} from '@core/plan-change';
import type { SubscriptionState } from '@core/subscription';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis, type ApiAnswers } from '../../../testing/render-app';
import { activeSubscription, invoice } from '../../../testing/subscription';
import { jsonResponse } from '../../../testing/test-utils';
import { leaveSiteFor } from '../lib/leave-site';
import { MANAGE_BILLING_TEXT } from './SubscriptionActions';

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

const usd = (amount: number) => ({ amount, currency: 'usd' });
/** The provider's preview of a switch from $9 monthly to $90 yearly, a day into the month. */
const toYearly = (over: Partial<PlanChangePreview> = {}): PlanChangePreview => ({
  plan: 'premium_yearly',
  prorationDate: 1_795_000_000,
  newPrice: usd(9000),
  prorationCredit: usd(871),
  balanceApplied: usd(0),
  amountDue: usd(8129),
  creditBefore: usd(0),
  creditAfter: usd(0),
  ...over,
});
/** The dialog's amounts, term → value. */
const amounts = (dialog: HTMLElement) =>
  Object.fromEntries(
    [...dialog.querySelectorAll('.details-row')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]),
  );

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
    // No credit on the account: no credit balance shown.
    expect(within(region).queryByText('Credit balance')).toBeNull();

    const table = await within(region).findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent)),
    ).toEqual([
      ['2026-12-24', 'LOCAL-0002', '$9.00', '—', '$9.00', 'Paid', 'PDF of invoice LOCAL-0002'],
      ['2026-11-24', 'LOCAL-0001', '$9.00', '—', '$9.00', 'Paid', 'PDF of invoice LOCAL-0001'],
    ]);
    expect(within(table).getByRole('link', { name: 'PDF of invoice LOCAL-0001' })).toHaveAttribute(
      'href',
      'http://127.0.0.1:4010/invoices/in_test_1/pdf',
    );
  });

  it('cancels at period end only after a confirmation (the end date replaces the renewal), resumes, and cancels again', async () => {
    const { sent } = api(activeSubscription(), {
      '/api/subscription/cancel': () =>
        jsonResponse(activeSubscription({ cancelAtPeriodEnd: true })),
      '/api/subscription/resume': () => jsonResponse(activeSubscription()),
    });
    renderApp('/profile', { signedIn: true });
    const region = await panel();
    const user = userEvent.setup();
    const cancel = async () => {
      await user.click(within(region).getByRole('button', { name: 'Cancel at period end' }));
      return screen.getByRole('dialog', { name: CANCEL_TITLE });
    };
    await within(region).findByRole('button', { name: 'Cancel at period end' });

    // Asked first, with the date Premium lasts until; keeping it changes nothing.
    let dialog = await cancel();
    expect(dialog).toHaveTextContent('Premium stays until 2026-12-24 and is then not renewed.');
    await user.click(within(dialog).getByRole('button', { name: CANCEL_KEEP_LABEL }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);
    expect(detail(region, 'Renews on')).toBe('2026-12-24');

    dialog = await cancel();
    await user.click(within(dialog).getByRole('button', { name: CANCEL_CONFIRM_LABEL }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const resume = await within(region).findByRole('button', { name: 'Resume subscription' });
    expect(detail(region, 'Ends on')).toBe('2026-12-24');
    expect(within(region).queryByText('Renews on')).toBeNull();
    expect(region).toHaveTextContent('Premium stays until 2026-12-24 and is not renewed.');

    await user.click(resume);
    await within(region).findByRole('button', { name: 'Cancel at period end' });
    expect(detail(region, 'Renews on')).toBe('2026-12-24');

    dialog = await cancel();
    await user.click(within(dialog).getByRole('button', { name: CANCEL_CONFIRM_LABEL }));
    await within(region).findByRole('button', { name: 'Resume subscription' });
    expect(sent.map((s) => s.path)).toEqual([
      '/api/subscription/cancel',
      '/api/subscription/resume',
      '/api/subscription/cancel',
    ]);
  });

  it('switches to yearly only after a confirmation showing what is due today and the credit', async () => {
    const yearly = activeSubscription({
      plan: 'premium_yearly',
      price: { amount: 9000, currency: 'usd' },
      currentPeriodEnd: '2027-11-30T12:00:00.000Z',
    });
    const { sent, requests } = api(activeSubscription(), {
      '/api/subscription/plan/preview': () => jsonResponse(toYearly()),
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
    await within(dialog).findByText('Due today');
    expect(amounts(dialog)).toEqual({
      'New plan from today': '$90.00',
      'Credit for the unused time': '-$8.71',
      'Due today': '$81.29',
    });
    expect(dialog).toHaveTextContent('A new billing period starts today at $90.00 per year.');
    expect(requests.some((r) => r.url.endsWith('/plan/preview?plan=premium_yearly'))).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.filter((s) => s.path === '/api/subscription/plan')).toEqual([]);

    await user.click(within(region).getByRole('button', { name: 'Switch to yearly billing' }));
    dialog = screen.getByRole('dialog', { name: 'Switch to yearly billing?' });
    await within(dialog).findByText('Due today');
    await user.click(within(dialog).getByRole('button', { name: 'Switch to yearly' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The switch names the preview's instant, so it charges what the dialog showed.
    expect(sent.filter((s) => s.path === '/api/subscription/plan')).toEqual([
      {
        path: '/api/subscription/plan',
        body: { plan: 'premium_yearly', prorationDate: 1_795_000_000 },
      },
    ]);
    expect(detail(region, 'Plan')).toBe('Premium, billed yearly');
    expect(detail(region, 'Renews on')).toBe('2027-11-30');
    expect(within(region).getByRole('button', { name: 'Switch to monthly billing' })).toBeEnabled();
    // The switch billed the prorated difference: the invoices are read again.
    await waitFor(() => expect(invoiceLoads()).toBe(2));
  });

  it('shows the credit balance applied and the credit left, and the balance on the profile', async () => {
    const withCredit = activeSubscription({ credit: usd(7200) });
    api(withCredit, {
      '/api/subscription/plan/preview': () =>
        jsonResponse(
          toYearly({
            creditBefore: usd(7200),
            balanceApplied: usd(7200),
            amountDue: usd(929),
          }),
        ),
    });
    renderApp('/profile', { signedIn: true });
    const region = await panel();
    await waitFor(() =>
      expect(detail(region, 'Credit balance')).toBe('$72.00, taken off your next invoices'),
    );
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Switch to yearly billing' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch to yearly billing?' });
    await within(dialog).findByText('Due today');
    expect(amounts(dialog)).toEqual({
      'New plan from today': '$90.00',
      'Credit for the unused time': '-$8.71',
      'Credit balance applied': '-$72.00',
      'Due today': '$9.29',
    });
  });

  it('says what a switch back leaves as credit for the next invoices', async () => {
    api(activeSubscription({ plan: 'premium_yearly', price: usd(9000) }), {
      '/api/subscription/plan/preview': () =>
        jsonResponse(
          toYearly({
            plan: 'premium_monthly',
            newPrice: usd(900),
            prorationCredit: usd(9000),
            amountDue: usd(0),
            creditAfter: usd(8100),
          }),
        ),
    });
    renderApp('/profile', { signedIn: true });
    const region = await panel();
    const user = userEvent.setup();
    await user.click(
      await within(region).findByRole('button', { name: 'Switch to monthly billing' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Switch to monthly billing?' });
    await within(dialog).findByText('Due today');
    expect(amounts(dialog)).toEqual({
      'New plan from today': '$9.00',
      'Credit for the unused time': '-$90.00',
      'Due today': '$0.00',
      'Credit left for your next invoices': '$81.00',
    });
  });

  it('cannot switch before the amounts are in, and offers to try again when they fail', async () => {
    let release: (response: Response) => void = () => {};
    let answered = false;
    const { sent } = api(activeSubscription(), {
      '/api/subscription/plan/preview': () => {
        if (answered) return jsonResponse(toYearly());
        answered = true;
        // The first read waits for the test to answer it.
        return new Promise<Response>((resolve) => (release = resolve)) as unknown as Response;
      },
      '/api/subscription/plan': () => jsonResponse(activeSubscription()),
    });
    renderApp('/profile', { signedIn: true });
    const region = await panel();
    const user = userEvent.setup();
    await user.click(
      await within(region).findByRole('button', { name: 'Switch to yearly billing' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Switch to yearly billing?' });
    const confirm = within(dialog).getByRole('button', { name: 'Switch to yearly' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(SWITCH_PREVIEW_LOADING_TEXT);
    expect(confirm).toBeDisabled();

    release(jsonResponse({ message: 'The payment provider is unavailable.' }, 503));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(SWITCH_PREVIEW_FAILED_TEXT);
    expect(alert).toHaveTextContent('The payment provider is unavailable.');
    expect(confirm).toBeDisabled();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByText('Due today');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(confirm).toBeEnabled();
    expect(sent.filter((s) => s.path === '/api/subscription/plan')).toEqual([]);
  });

  it('lists what each invoice did with the credit balance and what the card paid', async () => {
    stubApis({
      user: { email: EMAIL, subscription: activeSubscription({ credit: usd(7200) }) },
      invoices: [
        invoice({
          id: 'in_3',
          number: 'LOCAL-0003',
          created: '2026-12-25T12:00:00.000Z',
          amountPaid: usd(0),
          creditApplied: usd(900),
        }),
        invoice({
          id: 'in_2',
          number: 'LOCAL-0002',
          created: '2026-11-25T12:00:00.000Z',
          total: usd(-8100),
          amountPaid: usd(0),
          creditAdded: usd(8100),
        }),
      ],
    });
    renderApp('/profile', { signedIn: true });
    const region = await panel();
    const table = await within(region).findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row');
    expect([...rows[0]!.querySelectorAll('th')].map((c) => c.textContent)).toContain('Credit');
    expect(
      rows.slice(1).map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent)),
    ).toEqual([
      [
        '2026-12-25',
        'LOCAL-0003',
        '$9.00',
        '$9.00 applied',
        '$0.00',
        'Paid',
        'PDF of invoice LOCAL-0003',
      ],
      [
        '2026-11-25',
        'LOCAL-0002',
        '-$81.00',
        '$81.00 added to your balance',
        '$0.00',
        'Paid',
        'PDF of invoice LOCAL-0002',
      ],
    ]);
  });

  it('keeps the dialog open with the reason when the switch is refused', async () => {
    api(activeSubscription(), {
      '/api/subscription/plan/preview': () => jsonResponse(toYearly()),
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
    await within(dialog).findByText('Due today');
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
    const dialog = screen.getByRole('dialog', { name: CANCEL_TITLE });
    await user.click(within(dialog).getByRole('button', { name: CANCEL_CONFIRM_LABEL }));
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
