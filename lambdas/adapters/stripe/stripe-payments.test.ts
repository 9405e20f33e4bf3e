import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { PaymentDeclinedError, UnverifiedWebhookError } from '../../ports/payments';
import { declineOf, StripePayments } from './stripe-payments';

// The adapter knows Stripe's errors by their `type` (it does not import the client at load):
// these are stripe-node's own error classes, so a change in how they name themselves shows here.
describe("StripePayments: Stripe's errors in the port's terms", () => {
  it("a card error is a decline carrying Stripe's message; other errors are not", () => {
    const card = new Stripe.errors.StripeCardError({ message: 'Your card was declined.' });
    expect(declineOf(card)).toEqual(new PaymentDeclinedError('Your card was declined.'));
    const invalid = new Stripe.errors.StripeInvalidRequestError({ message: 'No such price' });
    expect(declineOf(invalid)).toBeUndefined();
    expect(declineOf(new Error('StripeCardError'))).toBeUndefined();
  });

  it('a webhook whose signature does not verify is refused as unverified', async () => {
    const payments = new StripePayments({
      stripe: new Stripe('sk_test_unused'),
      webhookSecret: async () => 'whsec_test',
    });
    await expect(
      payments.verifyEvent('{"id":"evt_1"}', 't=1700000000,v1=forged'),
    ).rejects.toBeInstanceOf(UnverifiedWebhookError);
  });
});
