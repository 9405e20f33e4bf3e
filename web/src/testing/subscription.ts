import type { InvoiceSummary, PlanOffer, SubscriptionState } from '@core/subscription';

/** The local Stripe's prices (infra/local/stripe/server.ts), as GET /plans answers them. */
export const PLAN_OFFERS: readonly PlanOffer[] = [
  { plan: 'premium_monthly', price: { amount: 900, currency: 'usd' }, interval: 'month' },
  { plan: 'premium_yearly', price: { amount: 9000, currency: 'usd' }, interval: 'year' },
];

/** A user's stored subscription: active monthly Premium paid with a Visa, unless overridden. */
export const subscriptionState = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  subscriptionId: 'sub_test_1',
  customerId: 'cus_test_1',
  plan: 'premium_monthly',
  status: 'active',
  price: { amount: 900, currency: 'usd' },
  currentPeriodEnd: '2026-12-24T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  card: { brand: 'visa', last4: '4242' },
  observedAt: Date.parse('2026-11-24T12:00:00Z'),
  ...over,
});

export const invoice = (over: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  id: 'in_test_1',
  number: 'LOCAL-0001',
  status: 'paid',
  total: { amount: 900, currency: 'usd' },
  created: '2026-11-24T12:00:00.000Z',
  pdfUrl: 'http://127.0.0.1:4010/invoices/in_test_1/pdf',
  hostedUrl: null,
  ...over,
});
