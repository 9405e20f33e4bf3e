import type { StripePayments } from '../../../../lambdas/adapters/stripe/stripe-payments';

/** A test card as the hosted pages' forms take it (any future expiry, any CVC). */
export const cardFields = (number: string) => ({ card: number, expiry: '12 / 34', cvc: '123' });

/** POSTs a hosted page's form as a browser does, without following its redirect. */
export const submitForm = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

/** Pays a Checkout Session on the stand-in's hosted page with a test card. */
export const payCheckout = (url: string, number = '4242 4242 4242 4242') =>
  submitForm(url, cardFields(number));

export interface Subscriber {
  readonly customerId: string;
  readonly sessionId: string;
  readonly subscriptionId: string;
}

/**
 * A user who subscribed through the product's adapter and the hosted checkout with a card that
 * pays: their customer (made now unless given), the session and the new subscription.
 */
export async function subscribeThroughCheckout(
  payments: StripePayments,
  options: {
    readonly sub: string;
    readonly priceId: string;
    readonly customerId?: string;
    readonly successUrl?: string;
    readonly cancelUrl?: string;
  },
): Promise<Subscriber> {
  const { sub, priceId } = options;
  const customerId =
    options.customerId ?? (await payments.createCustomer({ sub, email: `${sub}@example.com` }));
  const session = await payments.createCheckoutSession({
    customerId,
    sub,
    priceId,
    successUrl:
      options.successUrl ?? 'http://127.0.0.1:1/payment-success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: options.cancelUrl ?? 'http://127.0.0.1:1/profile',
  });
  const paid = await payCheckout(session.url);
  if (paid.status !== 303) throw new Error(`Checkout of ${sub} answered ${paid.status}`);
  const subscriptionId = (await payments.checkoutSession(session.id))?.subscriptionId;
  if (!subscriptionId) throw new Error(`Checkout of ${sub} made no subscription`);
  return { customerId, sessionId: session.id, subscriptionId };
}
