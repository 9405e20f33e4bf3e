import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripePayments } from '../../../lambdas/adapters/stripe/stripe-payments';
import { localStripeClient } from './client';
import { startLocalStripe, type LocalStripe } from './server';
import { subscribeThroughCheckout } from './testing/hosted-checkout';

const KEY = 'sk_test_local';
const DAY = 86_400;
let local: LocalStripe;
let payments: StripePayments;
const stripe = () => localStripeClient(local.port, KEY);

beforeAll(async () => {
  local = await startLocalStripe({ port: 0, apiKey: KEY });
  payments = new StripePayments({ stripe: localStripeClient(local.port, KEY) });
});
afterAll(() => local.close());

/** A monthly subscriber on a test clock of their own, a day into their period. */
async function monthlyADayIn(sub: string) {
  const { customerId, subscriptionId } = await subscribeThroughCheckout(payments, {
    sub,
    priceId: local.prices.premium_monthly,
  });
  local.advanceCustomerClock(customerId, DAY);
  return { customerId, id: subscriptionId };
}

const latestInvoice = async (customerId: string) =>
  (await stripe().invoices.list({ customer: customerId, limit: 1 })).data[0]!;

describe('a plan switch at the local Stripe: the preview, the proration and the credit balance', () => {
  it('previews the switch with its proration, and the switch at that instant charges just that', async () => {
    const { customerId, id } = await monthlyADayIn('ann');
    const monthly = (await payments.subscription(id))!;
    const preview = await payments.previewChange(monthly, local.prices.premium_yearly);
    // $90 for the year, less the 30 (or 29, 28, 31) unused days of $9.
    expect(preview.newPrice).toBe(9000);
    expect(preview.prorationCredit).toBeGreaterThan(800);
    expect(preview.prorationCredit).toBeLessThan(900);
    expect(preview).toMatchObject({
      currency: 'usd',
      total: 9000 - preview.prorationCredit,
      amountDue: 9000 - preview.prorationCredit,
      startingBalance: 0,
      endingBalance: 0,
    });
    // A preview changes nothing.
    expect((await payments.subscription(id))!.interval).toBe('month');

    // An hour later, at the preview's instant: the charge is the one previewed.
    local.advanceCustomerClock(customerId, 3600);
    await payments.changePrice(monthly, local.prices.premium_yearly, preview.prorationDate);
    const invoice = await latestInvoice(customerId);
    expect(invoice).toMatchObject({
      status: 'paid',
      total: preview.total,
      amount_paid: preview.amountDue,
      starting_balance: 0,
      ending_balance: 0,
    });
    expect((await payments.subscription(id))!).toMatchObject({ interval: 'year', balance: 0 });
  });

  it('keeps a credit larger than the charge as the customer’s balance, and pays renewals with it', async () => {
    const { customerId, id } = await monthlyADayIn('bob');
    await payments.changePrice((await payments.subscription(id))!, local.prices.premium_yearly);
    const yearly = (await payments.subscription(id))!;
    // Back to monthly the same day: nearly the whole $90 year is unused.
    const preview = await payments.previewChange(yearly, local.prices.premium_monthly);
    expect(preview).toMatchObject({ newPrice: 900, prorationCredit: 9000, amountDue: 0 });
    expect(preview.endingBalance).toBe(-8100);

    await payments.changePrice(yearly, local.prices.premium_monthly, preview.prorationDate);
    const switched = await latestInvoice(customerId);
    expect(switched).toMatchObject({
      status: 'paid',
      total: -8100,
      amount_paid: 0,
      starting_balance: 0,
      ending_balance: -8100,
    });
    expect((await stripe().customers.retrieve(customerId)) as { balance: number }).toMatchObject({
      balance: -8100,
    });
    expect((await payments.subscription(id))!.balance).toBe(-8100);

    // The next renewal is paid from the credit: nothing is charged to the card.
    local.advanceCustomerClock(customerId, 32 * DAY);
    const renewal = await latestInvoice(customerId);
    expect(renewal).toMatchObject({
      status: 'paid',
      total: 900,
      amount_due: 0,
      amount_paid: 0,
      starting_balance: -8100,
      ending_balance: -7200,
    });
    expect((await payments.subscription(id))!).toMatchObject({ status: 'active', balance: -7200 });
    const [listed] = await payments.invoices(customerId, 1);
    expect(listed).toMatchObject({ amountPaid: { amount: 0 }, startingBalance: -8100 });
  });

  it('a renewal that the credit pays does not need the card, even one that declines', async () => {
    const { customerId, id } = await monthlyADayIn('cat');
    await payments.changePrice((await payments.subscription(id))!, local.prices.premium_yearly);
    await payments.changePrice((await payments.subscription(id))!, local.prices.premium_monthly);
    local.setDefaultCard(customerId, '4000 0000 0000 0341');
    local.advanceCustomerClock(customerId, 32 * DAY);
    expect((await payments.subscription(id))!.status).toBe('active');
  });

  it('refuses a proration date outside the current period, and changes nothing', async () => {
    const { id } = await monthlyADayIn('dan');
    const monthly = (await payments.subscription(id))!;
    const before = monthly.currentPeriodEnd.getTime() / 1000 - 40 * DAY;
    await expect(
      payments.previewChange(monthly, local.prices.premium_yearly, before),
    ).rejects.toMatchObject({ param: 'subscription_details[proration_date]' });
    await expect(
      payments.changePrice(monthly, local.prices.premium_yearly, before),
    ).rejects.toMatchObject({ param: 'proration_date' });
    expect((await payments.subscription(id))!.interval).toBe('month');
  });
});
