import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAST_DUE_GRACE_DAYS } from '@core/subscription';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis } from '../../../testing/render-app';
import { activeSubscription } from '../../../testing/subscription';
import { jsonResponse } from '../../../testing/test-utils';
import { leaveSiteFor } from '../lib/leave-site';
import { PAST_DUE_TEXT, pastDueDetail, UPDATE_CARD_TEXT } from './PastDueBanner';

vi.mock('aws-amplify', () => import('../../../testing/amplify-mock'));
vi.mock('aws-amplify/auth', () => import('../../../testing/amplify-mock'));
vi.mock('aws-amplify/utils', () => import('../../../testing/amplify-mock'));
vi.mock('../lib/leave-site', () => ({ leaveSiteFor: vi.fn() }));

const EMAIL = 'late@example.com';
const DAY = 86_400_000;
const NOW = Date.parse('2026-12-26T12:00:00Z');
const pastDue = activeSubscription({
  status: 'past_due',
  pastDueSince: '2026-12-24T12:00:00.000Z',
});

beforeEach(() => {
  // The grace period is judged against today: a fixed one.
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: EMAIL });
  localStorage.clear();
  vi.mocked(leaveSiteFor).mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const banner = () => screen.queryByRole('region', { name: 'Payment failed' });

describe('the past-due banner', () => {
  it('tells a user whose renewal failed, on every page, and opens the portal to update the card', async () => {
    const portal = vi.fn(() => jsonResponse({ url: 'http://127.0.0.1:4010/portal/cus_test' }));
    stubApis({
      user: { email: EMAIL, subscription: pastDue },
      extra: { '/api/subscription/portal': portal },
    });
    renderApp('/home', { signedIn: true });
    const region = await screen.findByRole('region', { name: 'Payment failed' });
    expect(region).toHaveTextContent(PAST_DUE_TEXT);
    expect(region).toHaveTextContent('Premium stays on until 2026-12-31');
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: UPDATE_CARD_TEXT }));
    await waitFor(() =>
      expect(leaveSiteFor).toHaveBeenCalledWith('http://127.0.0.1:4010/portal/cus_test'),
    );
    expect(portal).toHaveBeenCalledOnce();
  });

  it.each([
    ['an active subscription', activeSubscription()],
    ['no subscription', null],
  ])('is not shown with %s', async (_, subscription) => {
    stubApis({ user: { email: EMAIL, subscription } });
    renderApp('/dashboard', { signedIn: true });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await screen.findByText(/Welcome back/);
    expect(banner()).toBeNull();
  });

  it('is not shown to a visitor', async () => {
    stubApis({ user: { email: EMAIL, subscription: pastDue } });
    renderApp('/home');
    await screen.findByRole('link', { name: 'Login' });
    expect(banner()).toBeNull();
  });
});

describe('pastDueDetail', () => {
  it('names the end of the grace period, then says Premium is paused', () => {
    expect(pastDueDetail(pastDue, NOW)).toBe(
      'Premium stays on until 2026-12-31 while the payment is retried: update your card to keep it.',
    );
    const after = Date.parse(pastDue.pastDueSince!) + (PAST_DUE_GRACE_DAYS + 1) * DAY;
    expect(pastDueDetail(pastDue, after)).toBe(
      'Premium is paused until a payment goes through: update your card.',
    );
  });
});
