import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAST_DUE_GRACE_DAYS } from '@core/subscription';
import { activeSubscription } from '../testing/subscription';
import {
  FREE_PLAN_NAME,
  NO_SUBSCRIPTION_TEXT,
  PREMIUM_PAUSED_TEXT,
  SubscriptionStatus,
} from './SubscriptionStatus';

const NOW = Date.parse('2026-11-30T12:00:00Z');

/** The term's value in the details list. */
const value = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

describe('SubscriptionStatus', () => {
  it('shows Free and no subscription when there is none', () => {
    render(<SubscriptionStatus subscription={null} />);
    expect(value('Plan')).toBe(FREE_PLAN_NAME);
    expect(screen.getByText(NO_SUBSCRIPTION_TEXT)).toBeInTheDocument();
  });

  it('shows plan, status, price, renewal date and card of a running subscription', () => {
    render(<SubscriptionStatus subscription={activeSubscription()} />);
    expect(value('Plan')).toBe('Premium, billed monthly');
    expect(value('Status')).toBe('Active');
    expect(value('Price')).toBe('$12.00 per month');
    expect(value('Renews on')).toBe('2026-12-24');
    expect(value('Card')).toBe('Visa ending in 4242');
    expect(screen.queryByText('Ends on')).toBeNull();
  });

  it('says when it ends instead of when it renews once cancelled at period end', () => {
    render(
      <SubscriptionStatus
        subscription={activeSubscription({
          plan: 'premium_yearly',
          price: { amount: 12000, currency: 'usd' },
          cancelAtPeriodEnd: true,
        })}
      />,
    );
    expect(value('Price')).toBe('$120.00 per year');
    expect(value('Ends on')).toBe('2026-12-24');
    expect(screen.queryByText('Renews on')).toBeNull();
  });

  it('shows Free and the end date once the subscription has ended', () => {
    render(
      <SubscriptionStatus
        subscription={activeSubscription({
          status: 'canceled',
          currentPeriodEnd: '2026-11-24T12:00:00.000Z',
        })}
      />,
    );
    expect(value('Plan')).toBe(FREE_PLAN_NAME);
    expect(value('Last subscription')).toBe('Canceled, ended on 2026-11-24');
  });

  it('shows a failed renewal as past due, and Premium paused once the grace period is over', () => {
    const since = (days: number) => new Date(NOW - days * 86_400_000).toISOString();
    const { unmount } = render(
      <SubscriptionStatus
        subscription={activeSubscription({ status: 'past_due', pastDueSince: since(1) })}
      />,
    );
    expect(value('Status')).toBe('Past due');
    expect(screen.queryByText(PREMIUM_PAUSED_TEXT)).toBeNull();
    unmount();
    render(
      <SubscriptionStatus
        subscription={activeSubscription({
          status: 'past_due',
          pastDueSince: since(PAST_DUE_GRACE_DAYS + 1),
        })}
      />,
    );
    expect(screen.getByText(PREMIUM_PAUSED_TEXT)).toBeInTheDocument();
  });
});
