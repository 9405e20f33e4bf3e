import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripePayments } from '../../../lambdas/adapters/stripe/stripe-payments';
import { localStripeClient } from './client';
import { startLocalStripe, type LocalStripe } from './server';
import { subscribeThroughCheckout } from './testing/hosted-checkout';

const KEY = 'sk_test_local';
const DAY = 86_400;
let local: LocalStripe;
let payments: StripePayments;

beforeAll(async () => {
  local = await startLocalStripe({ port: 0, apiKey: KEY });
  payments = new StripePayments({
    stripe: localStripeClient(local.port, KEY),
  });
});
afterAll(() => local.close());

async function subscribe(sub: string) {
  const { customerId, subscriptionId } = await subscribeThroughCheckout(payments, {
    sub,
    priceId: local.prices.premium_monthly,
  });
  return { customerId, id: subscriptionId };
}

describe('test clock', () => {
  it('renews a paid period, then a failing card goes past_due, is retried, and ends canceled', async () => {
    const { customerId, id } = await subscribe('ann');
    const firstEnd = (await payments.subscription(id))!.currentPeriodEnd;
    local.advanceClock(32 * DAY);
    const renewed = (await payments.subscription(id))!;
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodEnd.getTime()).toBeGreaterThan(firstEnd.getTime());
    expect(await payments.invoices(customerId, 10)).toHaveLength(2);

    local.setDefaultCard(customerId, '4000 0000 0000 0341');
    local.advanceClock(31 * DAY);
    expect((await payments.subscription(id))?.status).toBe('past_due');
    local.advanceClock(3 * DAY);
    expect((await payments.subscription(id))?.status).toBe('past_due');
    local.advanceClock(5 * DAY + 7 * DAY);
    expect((await payments.subscription(id))?.status).toBe('canceled');
    expect((await payments.latestSubscription(customerId))?.status).toBe('canceled');
  });

  it('a past_due subscription recovers when a working card is set and the retry pays', async () => {
    const { customerId, id } = await subscribe('bob');
    local.setDefaultCard(customerId, '4000000000000341');
    // Just past the period's end: the renewal fails, and its first retry is 3 days later.
    const end = (await payments.subscription(id))!.currentPeriodEnd.getTime() / 1000;
    local.advanceClock(end - local.now() + 3600);
    expect((await payments.subscription(id))?.status).toBe('past_due');
    local.setDefaultCard(customerId, '4242424242424242');
    local.advanceClock(3 * DAY);
    expect((await payments.subscription(id))?.status).toBe('active');
  });

  it('cancelling at period end ends the subscription when the period passes', async () => {
    const { id } = await subscribe('cat');
    await payments.setCancelAtPeriodEnd(id, true);
    local.advanceClock(20 * DAY);
    expect((await payments.subscription(id))?.status).toBe('active');
    local.advanceClock(15 * DAY);
    expect((await payments.subscription(id))?.status).toBe('canceled');
  });
});

describe("Stripe's test clocks", () => {
  it('a customer made on a test clock renews when that clock moves, never with the stand-in clock', async () => {
    const stripe = localStripeClient(local.port, KEY);
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: local.now() });
    expect(clock).toMatchObject({ object: 'test_helpers.test_clock', status: 'ready' });
    const customer = await stripe.customers.create({
      email: 'dan@example.com',
      test_clock: clock.id,
    });
    expect(customer.test_clock).toBe(clock.id);
    const { id } = await subscribeThroughCheckout(payments, {
      sub: 'dan',
      customerId: customer.id,
      priceId: local.prices.premium_monthly,
    }).then((s) => ({ id: s.subscriptionId }));
    const firstEnd = (await payments.subscription(id))!.currentPeriodEnd.getTime();

    local.advanceClock(40 * DAY);
    expect((await payments.subscription(id))!.currentPeriodEnd.getTime()).toBe(firstEnd);
    await payments.setCancelAtPeriodEnd(id, true);
    const advanced = await stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: clock.frozen_time + 32 * DAY,
    });
    expect(advanced.frozen_time).toBe(clock.frozen_time + 32 * DAY);
    expect((await payments.subscription(id))?.status).toBe('canceled');
    await expect(
      stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: clock.frozen_time }),
    ).rejects.toMatchObject({ param: 'frozen_time' });
  });

  it("moves one customer's time alone on the local control, and lists the events newest first", async () => {
    const stripe = localStripeClient(local.port, KEY);
    const alone = await subscribe('eve');
    const other = await subscribe('fay');
    const otherEnd = (await payments.subscription(other.id))!.currentPeriodEnd.getTime();
    local.setDefaultCard(alone.customerId, '4000 0000 0000 0341');
    local.advanceCustomerClock(alone.customerId, 32 * DAY);
    expect((await payments.subscription(alone.id))?.status).toBe('past_due');
    expect((await payments.subscription(other.id))!.currentPeriodEnd.getTime()).toBe(otherEnd);

    const newest = await stripe.events.list({ limit: 2 });
    expect(newest.data.map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'invoice.payment_failed',
    ]);
    expect(newest.has_more).toBe(true);
    const next = await stripe.events.list({ limit: 1, starting_after: newest.data[1]!.id });
    expect((await stripe.events.retrieve(next.data[0]!.id)).id).toBe(next.data[0]!.id);
    const failed = await stripe.events.list({ type: 'invoice.payment_failed', limit: 100 });
    expect(failed.data.map((e) => (e.data.object as { customer: string }).customer)).toContain(
      alone.customerId,
    );
  });
});
