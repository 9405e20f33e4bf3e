import type { SubscriptionState } from '../subscription';

/** A Premium subscription as the users table keeps it, for tests; fields overridable. */
export const activeSubscription = (
  overrides: Partial<SubscriptionState> = {},
): SubscriptionState => ({
  subscriptionId: 'sub_test',
  customerId: 'cus_test',
  plan: 'premium_monthly',
  status: 'active',
  price: { amount: 1200, currency: 'usd' },
  currentPeriodEnd: '2026-12-24T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  card: { brand: 'visa', last4: '4242' },
  observedAt: Date.parse('2026-11-24T12:00:00Z'),
  ...overrides,
});
