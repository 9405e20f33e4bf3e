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
