import type { InvoiceSummary, PlanOffer } from '@core/subscription';

// A stored subscription for tests: core's (active monthly Premium, $12.00, a Visa ending 4242).
export { activeSubscription } from '@core/testing/subscription';

/** The local Stripe's prices (infra/local/stripe/server.ts), as GET /plans answers them. */
export const PLAN_OFFERS: readonly PlanOffer[] = [
  { plan: 'premium_monthly', price: { amount: 900, currency: 'usd' }, interval: 'month' },
  { plan: 'premium_yearly', price: { amount: 9000, currency: 'usd' }, interval: 'year' },
];

export const invoice = (over: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  id: 'in_test_1',
  number: 'LOCAL-0001',
  status: 'paid',
  total: { amount: 900, currency: 'usd' },
  amountPaid: { amount: 900, currency: 'usd' },
  creditApplied: { amount: 0, currency: 'usd' },
  creditAdded: { amount: 0, currency: 'usd' },
  created: '2026-11-24T12:00:00.000Z',
  pdfUrl: 'http://127.0.0.1:4010/invoices/in_test_1/pdf',
  hostedUrl: null,
  ...over,
});
