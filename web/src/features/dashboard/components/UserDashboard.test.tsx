import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { premiumOnlyText } from '@core/subscription';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis } from '../../../testing/render-app';
import { activeSubscription } from '../../../testing/subscription';
import { CALENDAR_FEATURE } from './UserDashboard';

const EMAIL = 'dash@example.com';

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: EMAIL });
  localStorage.clear();
});

afterEach(() => vi.restoreAllMocks());

const subscriptionCard = async () => {
  await screen.findByText(`Welcome back, ${EMAIL}.`);
  return screen.getByRole('region', { name: 'Subscription' });
};

describe('/dashboard subscription', () => {
  it('shows Free with an upgrade prompt linking to the plans', async () => {
    stubApis({ user: { email: EMAIL, subscription: null } });
    renderApp('/dashboard', { signedIn: true });
    const card = await subscriptionCard();
    expect(card).toHaveTextContent('PlanFree');
    expect(within(card).getByRole('note')).toHaveTextContent(premiumOnlyText(CALENDAR_FEATURE));
    expect(within(card).getByRole('link', { name: 'See the Premium plans' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('shows the same status as the profile for Premium, without a prompt', async () => {
    stubApis({
      user: { email: EMAIL, subscription: activeSubscription({ cancelAtPeriodEnd: true }) },
    });
    renderApp('/dashboard', { signedIn: true });
    const card = await subscriptionCard();
    expect(card).toHaveTextContent('Premium, billed monthly');
    expect(card).toHaveTextContent('Ends on2026-12-24');
    expect(within(card).queryByRole('note')).toBeNull();
  });
});

describe('/dashboard for staff', () => {
  it('offers an editor no link the guard would send to /401, and the way to their console', async () => {
    amplify.signedInAs({ email: EMAIL, groups: ['editor'] });
    stubApis({ user: { email: EMAIL, subscription: null } });
    renderApp('/dashboard', { signedIn: true });
    await subscriptionCard();
    const links = within(screen.getByRole('region', { name: 'Quick links' }));
    expect(links.queryByRole('link', { name: 'Search stocks with the screener' })).toBeNull();
    expect(links.queryByRole('link', { name: 'Your profile' })).toBeNull();
    expect(links.getByRole('link', { name: 'Admin dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
    expect(screen.queryByRole('link', { name: 'See the Premium plans' })).toBeNull();
  });
});
