import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_SESSION_ID,
  ENTITLEMENTS,
  entitlementsOf,
  graceEndOf,
  isRunning,
  PAST_DUE_GRACE_DAYS,
  tierOf,
  type SubscriptionState,
  type SubscriptionStatus,
} from './subscription';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const DAY = 86_400_000;
const state = (
  status: SubscriptionStatus,
  extra: Partial<SubscriptionState> = {},
): SubscriptionState => ({
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  plan: 'premium_monthly',
  status,
  price: { amount: 1200, currency: 'usd' },
  currentPeriodEnd: '2026-12-24T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  card: { brand: 'visa', last4: '4242' },
  observedAt: NOW,
  ...extra,
});

describe('tierOf (one rule for the SPA and every server handler)', () => {
  it('counts trialing and active as Premium', () => {
    expect(tierOf(state('trialing'), NOW)).toBe('premium');
    expect(tierOf(state('active'), NOW)).toBe('premium');
  });

  it(`keeps Premium while past due for ${PAST_DUE_GRACE_DAYS} days, then Free`, () => {
    const since = (days: number) => new Date(NOW - days * DAY).toISOString();
    expect(tierOf(state('past_due', { pastDueSince: since(1) }), NOW)).toBe('premium');
    expect(tierOf(state('past_due', { pastDueSince: since(PAST_DUE_GRACE_DAYS) }), NOW)).toBe(
      'premium',
    );
    expect(
      tierOf(state('past_due', { pastDueSince: since(PAST_DUE_GRACE_DAYS + 0.01) }), NOW),
    ).toBe('free');
  });

  it('counts incomplete, unpaid, canceled and no subscription as Free', () => {
    for (const status of [
      'incomplete',
      'incomplete_expired',
      'unpaid',
      'canceled',
      'paused',
    ] as const) {
      expect(tierOf(state(status), NOW), status).toBe('free');
    }
    expect(tierOf(null, NOW)).toBe('free');
    expect(tierOf(undefined, NOW)).toBe('free');
  });

  it('gives Premium larger limits than Free in every dimension', () => {
    expect(entitlementsOf(state('active'), NOW)).toBe(ENTITLEMENTS.premium);
    expect(entitlementsOf(null, NOW)).toBe(ENTITLEMENTS.free);
    const { free, premium } = ENTITLEMENTS;
    for (const key of [
      'watchlists',
      'symbolsPerWatchlist',
      'alerts',
      'comparedStocks',
      'savedScreens',
      'portfolios',
      'holdingsPerPortfolio',
    ] as const) {
      expect(premium[key], key).toBeGreaterThan(free[key]);
    }
  });
});

describe('isRunning (what the profile may cancel, resume or switch)', () => {
  it('runs while the provider bills it, past due included; ended ones do not', () => {
    for (const status of ['trialing', 'active', 'past_due', 'unpaid', 'paused'] as const) {
      expect(isRunning(state(status)), status).toBe(true);
    }
    for (const status of ['canceled', 'incomplete_expired'] as const) {
      expect(isRunning(state(status)), status).toBe(false);
    }
    expect(isRunning(null)).toBe(false);
  });
});

describe('CHECKOUT_SESSION_ID', () => {
  it('takes the provider’s session ids only', () => {
    expect(CHECKOUT_SESSION_ID.test('cs_test_a1B2c3')).toBe(true);
    for (const bad of ['', 'cs_', 'sub_123', 'cs_x/../y', 'cs_{CHECKOUT_SESSION_ID}']) {
      expect(CHECKOUT_SESSION_ID.test(bad), bad).toBe(false);
    }
  });
});

describe('graceEndOf', () => {
  it('is PAST_DUE_GRACE_DAYS after the renewal failed, and only while past due', () => {
    const since = '2026-11-20T00:00:00.000Z';
    expect(graceEndOf(state('past_due', { pastDueSince: since }))).toBe(
      new Date(Date.parse(since) + PAST_DUE_GRACE_DAYS * DAY).toISOString(),
    );
    expect(graceEndOf(state('active', { pastDueSince: since }))).toBeUndefined();
    expect(graceEndOf(state('past_due'))).toBeUndefined();
  });
});
