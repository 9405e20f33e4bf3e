import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUBSCRIPTION_CONFIRM_POLL_MS, SUBSCRIPTION_CONFIRM_WAIT_MS } from '@core/constants';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis } from '../../../testing/render-app';

vi.mock('aws-amplify', () => import('../../../testing/amplify-mock'));
vi.mock('aws-amplify/auth', () => import('../../../testing/amplify-mock'));
vi.mock('aws-amplify/utils', () => import('../../../testing/amplify-mock'));

const EMAIL = 'pay@example.com';

/** The subscription API's user answers in turn (the last one repeats); returns the call count. */
function subscriptionAnswers(...subscriptions: (Record<string, unknown> | null)[]) {
  let calls = 0;
  stubApis({
    extra: {
      '/api/subscription/user': () => {
        const subscription = subscriptions[Math.min(calls, subscriptions.length - 1)];
        calls += 1;
        return new Response(JSON.stringify({ email: EMAIL, subscription }), { status: 200 });
      },
    },
  });
  return () => calls;
}

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: EMAIL });
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('/payment-success', () => {
  it("shows the subscription as soon as the provider's confirmation has reached it", async () => {
    const calls = subscriptionAnswers(null, null, { status: 'active' });
    renderApp('/payment-success', { signedIn: true });
    await screen.findByRole('heading', { name: 'Payment successful' });
    const card = screen.getByRole('region', { name: 'Subscription' });
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Waiting for the payment provider’s confirmation…',
    );
    await act(async () => vi.advanceTimersByTimeAsync(SUBSCRIPTION_CONFIRM_POLL_MS));
    expect(await within(card).findByText('active')).toBeInTheDocument();
    const asked = calls();
    await act(async () => vi.advanceTimersByTimeAsync(3 * SUBSCRIPTION_CONFIRM_POLL_MS));
    expect(calls()).toBe(asked);

    // The session holds it now: the dashboard shows it too.
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('link', { name: 'Go to your dashboard' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    const dashboard = screen.getByRole('region', { name: 'Subscription' });
    expect(within(dashboard).getByText('active')).toBeInTheDocument();
  });

  it('says when the confirmation has not arrived in time', async () => {
    subscriptionAnswers(null);
    renderApp('/payment-success', { signedIn: true });
    await screen.findByRole('heading', { name: 'Payment successful' });
    await act(async () => vi.advanceTimersByTimeAsync(SUBSCRIPTION_CONFIRM_WAIT_MS));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The confirmation has not arrived yet. Reload this page to check again.',
    );
  });
});
