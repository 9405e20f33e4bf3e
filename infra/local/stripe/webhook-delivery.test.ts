import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripePayments } from '../../../lambdas/adapters/stripe/stripe-payments';
import { localStripeClient, stripeWebhooks } from './client';
import { startLocalStripe, type LocalStripe } from './server';
import { subscribeThroughCheckout } from './testing/hosted-checkout';

const KEY = 'sk_test_local';
const SECRET = 'whsec_local_test';
let receiver: Server;
let local: LocalStripe;
let payments: StripePayments;
const received: Stripe.Event[] = [];
let failNext = 1;
let forged = 0;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      try {
        const event = stripeWebhooks.constructEvent(
          Buffer.concat(chunks).toString('utf8'),
          String(request.headers['stripe-signature']),
          SECRET,
          300,
        );
        if (failNext > 0) {
          failNext -= 1;
          response.writeHead(500).end();
          return;
        }
        received.push(event);
        response.writeHead(200).end('{}');
      } catch {
        forged += 1;
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  local = await startLocalStripe({
    port: 0,
    apiKey: KEY,
    webhook: { url: `http://127.0.0.1:${port}/api/stripe/webhook`, secret: SECRET },
    retryDelaysMs: [50, 100, 200],
  });
  payments = new StripePayments({
    stripe: localStripeClient(local.port, KEY),
  });
});

afterAll(async () => {
  await local.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('webhook delivery', () => {
  it('signs each event with the real library and retries a failed delivery with backoff', async () => {
    const { subscriptionId } = await subscribeThroughCheckout(payments, {
      sub: 'ann',
      priceId: local.prices.premium_monthly,
    });
    await local.webhooksIdle();
    expect(forged).toBe(0);
    expect(received.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const attempts = local.deliveries();
    expect(attempts[0]).toMatchObject({
      type: 'customer.subscription.created',
      attempt: 1,
      status: 500,
    });
    expect(attempts[1]).toMatchObject({ eventId: attempts[0]!.eventId, attempt: 2, status: 200 });
    expect(attempts).toHaveLength(4);
    // Each event arrives once (the one failure was retried), with the subscription it concerns.
    expect(new Set(received.map((e) => e.id)).size).toBe(3);
    expect((received[0]!.data.object as Stripe.Subscription).id).toBe(subscriptionId);

    await payments.setCancelAtPeriodEnd(subscriptionId, true);
    await local.webhooksIdle();
    expect(received.at(-1)).toMatchObject({
      type: 'customer.subscription.updated',
      data: { object: { id: subscriptionId, cancel_at_period_end: true } },
    });
  });
});
