import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuplicateRefund } from '../../core/checkout-claim';
import { USERS_TABLE } from '../../core/tables';
import { profileKey } from '../../lambdas/adapters/dynamodb/users-keys';
import { StripePayments } from '../../lambdas/adapters/stripe/stripe-payments';
import { DUPLICATE_REFUNDED_SUBJECT } from '../../lambdas/subscription/billing-service';
import { LOCAL_STRIPE_API_KEY } from '../../infra/local/payments';
import { localStripeClient } from '../../infra/local/stripe/client';
import { payCheckout } from '../../infra/local/stripe/testing/hosted-checkout';
import type { DeliveryAttempt } from '../../infra/local/stripe/webhook-delivery';
import {
  devControl,
  sharedStack,
  signedInAccount,
  stackDocumentClient,
  type SignedInAccount,
} from '../support/shared-stack';

/**
 * One subscription per user, whatever the clicks (issue 30): over HTTP on the shared local stack,
 * the checkout API opens one payable session per user however many requests race, and the webhook
 * ends and refunds a second subscription paid through a session made before that rule.
 */
describe('one checkout, one subscription (local stack and local Stripe)', () => {
  const stack = sharedStack();
  const stripe = localStripeClient(stack.stripe.port, LOCAL_STRIPE_API_KEY);
  const payments = new StripePayments({ stripe });
  const client = stackDocumentClient(stack);
  let user: SignedInAccount;
  let sub = '';

  beforeAll(async () => {
    user = await signedInAccount(stack, 'checkout-once');
    const claims = user.idToken.split('.')[1]!;
    sub = (JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { sub: string }).sub;
  });
  afterAll(() => client.destroy());

  const checkout = async (plan: string) => {
    const response = await fetch(`${stack.url}/api/subscription/checkout`, {
      method: 'POST',
      headers: { Authorization: user.idToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ plan }),
    });
    const body = (await response.json()) as { url?: string; message?: string };
    expect(response.status, body.message).toBe(200);
    return body.url!;
  };
  const sessionOf = (url: string) => new URL(url).pathname.split('/').pop()!;
  const item = async () =>
    (await client.send(new GetCommand({ TableName: USERS_TABLE.localName, Key: profileKey(sub) })))
      .Item as { customerId?: string; duplicateRefunds?: DuplicateRefund[] } | undefined;
  const settled = async () =>
    (
      await devControl<{ deliveries: DeliveryAttempt[] }>(stack, '/dev/stripe/deliveries', {
        email: user.email,
      })
    ).body.deliveries;

  let yearlyUrl = '';

  it('20 concurrent checkouts make one session; the same plan again answers its url', async () => {
    const urls = await Promise.all(Array.from({ length: 20 }, () => checkout('premium_monthly')));
    expect(new Set(urls).size).toBe(1);
    const { customerId } = (await item())!;
    const sessions = await stripe.checkout.sessions.list({ customer: customerId!, limit: 100 });
    expect(sessions.data.map((s) => s.id)).toEqual([sessionOf(urls[0]!)]);
    expect(await checkout('premium_monthly')).toBe(urls[0]);
  });

  it('the other plan expires the open session and opens a new one', async () => {
    const monthly = await checkout('premium_monthly');
    yearlyUrl = await checkout('premium_yearly');
    expect(yearlyUrl).not.toBe(monthly);
    expect((await stripe.checkout.sessions.retrieve(sessionOf(monthly))).status).toBe('expired');
    expect((await stripe.checkout.sessions.retrieve(sessionOf(yearlyUrl))).status).toBe('open');
    // The expired one takes no payment any more.
    expect((await payCheckout(monthly)).status).not.toBe(303);
  });

  it('a second subscription paid through an old session is cancelled and refunded by the webhook, once', async () => {
    expect((await payCheckout(yearlyUrl)).status).toBe(303);
    await settled();
    const { customerId } = (await item())!;
    // A session made before the one-checkout rule, paid a day later (the user's own test clock).
    await devControl(stack, '/dev/stripe/clock', { days: 1, email: user.email });
    const old = await payments.createCheckoutSession({
      customerId: customerId!,
      sub,
      priceId: stack.stripe.prices.premium_monthly,
      successUrl: `${stack.url}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${stack.url}/profile`,
    });
    expect((await payCheckout(old.url)).status).toBe(303);
    const second = (await stripe.checkout.sessions.retrieve(old.id)).subscription as string;
    const deliveries = await settled();
    expect(deliveries.filter((d) => d.status !== 200)).toEqual([]);

    const all = await stripe.subscriptions.list({ customer: customerId!, status: 'all' });
    expect(all.data.filter((s) => s.status === 'active').map((s) => s.id)).not.toContain(second);
    expect(all.data.filter((s) => s.status === 'active')).toHaveLength(1);
    expect(all.data.find((s) => s.id === second)?.status).toBe('canceled');
    const refunds = (await item())?.duplicateRefunds ?? [];
    expect(refunds).toEqual([
      expect.objectContaining({
        subscriptionId: second,
        refundId: expect.stringMatching(/^re_/) as unknown,
        amount: { amount: 900, currency: 'usd' },
      }),
    ]);
    const mail = (await stack.outbox.list()).filter(
      (m) => m.to === user.email && m.subject === DUPLICATE_REFUNDED_SUBJECT,
    );
    expect(mail).toHaveLength(1);
    // The user's record holds the subscription kept.
    const record = (
      await client.send(new GetCommand({ TableName: USERS_TABLE.localName, Key: profileKey(sub) }))
    ).Item as { subscription?: { subscriptionId: string; status: string } };
    expect(record.subscription).toMatchObject({ status: 'active', plan: 'premium_yearly' });
    expect(record.subscription?.subscriptionId).not.toBe(second);
  });
});
