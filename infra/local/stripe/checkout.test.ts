import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripePayments } from '../../../lambdas/adapters/stripe/stripe-payments';
import { localStripeClient } from './client';
import { startLocalStripe, type LocalStripe } from './server';
import { cardFields, submitForm } from './testing/hosted-checkout';

const KEY = 'sk_test_local';
let local: LocalStripe;
let payments: StripePayments;

beforeAll(async () => {
  local = await startLocalStripe({ port: 0, apiKey: KEY });
  payments = new StripePayments({
    stripe: localStripeClient(local.port, KEY),
  });
});
afterAll(() => local.close());

async function openCheckout(sub: string) {
  const customerId = await payments.createCustomer({ sub, email: `${sub}@example.com` });
  const session = await payments.createCheckoutSession({
    customerId,
    sub,
    priceId: local.prices.premium_monthly,
    successUrl: 'http://127.0.0.1:1/payment-success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://127.0.0.1:1/profile',
  });
  return { ...session, customerId };
}

const submit = submitForm;
const card = cardFields;

describe('hosted checkout with Stripe’s test cards, read back by the product’s adapter', () => {
  it('4242 subscribes: the session completes and the subscription is active with the card', async () => {
    const session = await openCheckout('ann');
    const page = await fetch(session.url);
    expect(await page.text()).toContain('9.00 USD per month');
    // Its form may post to itself and be redirected to the product's success URL, nowhere else.
    expect(page.headers.get('content-security-policy')).toContain(
      "form-action 'self' http://127.0.0.1:1;",
    );
    const paid = await submit(session.url, card('4242 4242 4242 4242'));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://127.0.0.1:1/payment-success?session_id=${session.id}`,
    );
    const confirmed = await payments.checkoutSession(session.id);
    expect(confirmed).toMatchObject({ sub: 'ann', complete: true, paid: true });
    const subscription = await payments.subscription(confirmed!.subscriptionId!);
    expect(subscription).toMatchObject({
      status: 'active',
      sub: 'ann',
      interval: 'month',
      money: { amount: 900, currency: 'usd' },
      card: { brand: 'visa', last4: '4242' },
      cancelAtPeriodEnd: false,
    });
    expect((await payments.latestSubscription(session.customerId))?.id).toBe(subscription?.id);
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ])('%s shows the provider’s message and changes nothing', async (number, message) => {
    const session = await openCheckout(`declined-${number.slice(-4)}`);
    const answer = await submit(session.url, card(number));
    expect(answer.status).toBe(402);
    expect(await answer.text()).toContain(message);
    expect(await payments.checkoutSession(session.id)).toMatchObject({
      complete: false,
      paid: false,
    });
    expect(await payments.latestSubscription(session.customerId)).toBeUndefined();
  });

  it('refuses an expiry before this month (the stand-in’s clock) and Stripe’s expired card 0069', async () => {
    const now = new Date(local.now() * 1000);
    const mmYy = (monthsAhead: number) => {
      const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAhead, 1));
      const mm = String(at.getUTCMonth() + 1).padStart(2, '0');
      return `${mm} / ${String(at.getUTCFullYear()).slice(-2)}`;
    };
    for (const fields of [
      { ...card('4242 4242 4242 4242'), expiry: mmYy(-1) },
      card('4000 0000 0000 0069'),
    ]) {
      const session = await openCheckout(`expired-${fields.card.slice(-4)}`);
      const answer = await submit(session.url, fields);
      expect(answer.status, fields.expiry).toBe(402);
      expect(await answer.text()).toContain('Your card has expired.');
      expect(await payments.checkoutSession(session.id)).toMatchObject({ paid: false });
      expect(await payments.latestSubscription(session.customerId)).toBeUndefined();
    }
    // A card is good through its expiry month.
    const session = await openCheckout('expires-this-month');
    const paid = await submit(session.url, { ...card('4242424242424242'), expiry: mmYy(0) });
    expect(paid.status).toBe(303);
    const sub = await payments.latestSubscription(session.customerId);
    expect(sub?.id).toBeDefined();
  });

  it('4000 0025 0000 3155 asks for authentication, and pays once it is completed', async () => {
    const session = await openCheckout('cat');
    const step = await submit(session.url, card('4000 0025 0000 3155'));
    const stepPage = await step.text();
    expect(stepPage).toContain('Complete authentication');
    // The authentication step carries the expiry entered on to the payment.
    expect(stepPage).toContain('name="expiry" value="12 / 34"');
    const failed = await submit(session.url, {
      ...card('4000002500003155'),
      authentication: 'fail',
    });
    expect(failed.status).toBe(402);
    expect((await payments.checkoutSession(session.id))?.complete).toBe(false);
    const done = await submit(session.url, {
      ...card('4000002500003155'),
      authentication: 'complete',
    });
    expect(done.status).toBe(303);
    expect((await payments.checkoutSession(session.id))?.paid).toBe(true);
  });

  it('answers 404 (not-found for the adapter) for an unknown session or subscription', async () => {
    expect(await payments.checkoutSession('cs_test_unknown')).toBeUndefined();
    expect(await payments.subscription('sub_unknown')).toBeUndefined();
  });

  it('cancels at period end and resumes, switches to yearly, opens the portal and lists invoices', async () => {
    const session = await openCheckout('dan');
    await submit(session.url, card('4242424242424242'));
    const id = (await payments.checkoutSession(session.id))!.subscriptionId!;
    await payments.setCancelAtPeriodEnd(id, true);
    expect((await payments.subscription(id))?.cancelAtPeriodEnd).toBe(true);
    await payments.setCancelAtPeriodEnd(id, false);
    const monthly = (await payments.subscription(id))!;
    expect(monthly.cancelAtPeriodEnd).toBe(false);
    await payments.changePrice(monthly, local.prices.premium_yearly);
    const yearly = (await payments.subscription(id))!;
    expect(yearly).toMatchObject({ interval: 'year', money: { amount: 9000 } });
    expect(yearly.currentPeriodEnd.getTime() - Date.now()).toBeGreaterThan(360 * 86_400_000);
    expect(await payments.portalSession(session.customerId, 'http://127.0.0.1:1/profile')).toMatch(
      new RegExp(`^${local.url}/portal/`),
    );
    const invoices = await payments.invoices(session.customerId, 10);
    expect(invoices).toHaveLength(2);
    expect(invoices.every((invoice) => invoice.status === 'paid')).toBe(true);
    const pdf = await fetch(invoices[0]!.pdfUrl!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(bytes.startsWith('%PDF-1.4')).toBe(true);
    expect(bytes.trimEnd().endsWith('%%EOF')).toBe(true);
  });
});

describe('expiry, cancel and refund, as Stripe answers them through the real client', () => {
  it('an expired session takes no payment; expiring it again is refused, and the adapter shrugs', async () => {
    const session = await openCheckout('dan');
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const stripe = localStripeClient(local.port, KEY);
    expect((await stripe.checkout.sessions.expire(session.id)).status).toBe('expired');
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toThrow(
      /status in \["open"\]/,
    );
    await expect(payments.expireCheckoutSession(session.id)).resolves.toBeUndefined();
    expect(await payments.checkoutSession(session.id)).toMatchObject({ status: 'expired' });
    expect((await submit(session.url, card('4242 4242 4242 4242'))).status).not.toBe(303);
  });

  it('a session left open past its expires_at reads as expired', async () => {
    const session = await openCheckout('eve');
    local.advanceClock(24 * 3600 + 1);
    expect(await payments.checkoutSession(session.id)).toMatchObject({ status: 'expired' });
  });

  it('refunds the latest payment once per key, and cancels a subscription once', async () => {
    const session = await openCheckout('fay');
    await submit(session.url, card('4242 4242 4242 4242'));
    const { subscriptionId } = (await payments.checkoutSession(session.id))!;
    const refund = await payments.refundLatestPayment(subscriptionId!, 'key-fay');
    expect(refund).toEqual({
      id: expect.stringMatching(/^re_/) as unknown,
      money: { amount: 900, currency: 'usd' },
    });
    expect(await payments.refundLatestPayment(subscriptionId!, 'key-fay')).toEqual(refund);
    // A new key cannot refund the same payment twice.
    await expect(payments.refundLatestPayment(subscriptionId!, 'key-other')).rejects.toThrow(
      /already been refunded/,
    );
    await payments.cancelSubscription(subscriptionId!);
    await payments.cancelSubscription(subscriptionId!);
    expect((await payments.subscription(subscriptionId!))?.status).toBe('canceled');
    expect(await payments.runningSubscriptions(session.customerId)).toEqual([]);
  });
});
