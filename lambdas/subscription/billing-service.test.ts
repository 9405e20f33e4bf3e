import { describe, expect, it } from 'vitest';
import { newUserRecord } from '../../core/user-record';
import { Conflict } from '../../core/domain-errors';
import { PRORATION_QUOTE_SECONDS, SWITCH_QUOTE_STALE_TEXT } from '../../core/plan-change';
import { InMemoryPayments } from '../adapters/testing/memory/payments';
import { InMemoryUsersRepository } from '../adapters/testing/memory/users-repository';
import type { Email } from '../ports/email-sender';
import type { Caller } from '../shared/claims';
import {
  BillingService,
  DUPLICATE_REFUNDED_SUBJECT,
  PAYMENT_FAILED_SUBJECT,
} from './billing-service';
import { InMemoryNotificationLedger } from '../adapters/testing/memory/notification-ledger';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const caller = (sub: string): Caller => ({
  sub,
  email: `${sub}@example.com`,
  emailVerified: true,
  groups: [],
  issuedAt: NOW,
});

function setup() {
  const clock = { ms: NOW };
  const users = new InMemoryUsersRepository(
    ['ann', 'bob'].map((sub) =>
      newUserRecord({ email: `${sub}@example.com`, sub, createdAt: '2026-01-01T00:00:00.000Z' }),
    ),
  );
  const payments = new InMemoryPayments(
    [
      { id: 'price_m', money: { amount: 1200, currency: 'usd' }, interval: 'month' },
      { id: 'price_y', money: { amount: 12000, currency: 'usd' }, interval: 'year' },
    ],
    () => clock.ms,
  );
  const mail: Email[] = [];
  const alerts: Record<string, unknown>[] = [];
  const billing = new BillingService({
    users,
    payments,
    email: { send: async (email) => void mail.push(email) },
    notices: new InMemoryNotificationLedger(),
    config: {
      prices: { premium_monthly: 'price_m', premium_yearly: 'price_y' },
      siteUrl: async () => 'https://stockscope.test',
    },
    now: () => clock.ms,
    sleep: () => new Promise((resolve) => setTimeout(resolve, 1)),
    alertOperators: (_message, details) => void alerts.push(details),
  });
  /** Checkout as the user, paid at the provider: the session id. */
  const paidCheckout = async (
    sub: string,
    plan: 'premium_monthly' | 'premium_yearly' = 'premium_monthly',
  ) => {
    const { url } = await billing.startCheckout(caller(sub), plan);
    const sessionId = url.split('/').pop()!;
    payments.pay(sessionId);
    return sessionId;
  };
  return { clock, users, payments, billing, mail, alerts, paidCheckout };
}

describe('BillingService', () => {
  it('lists the plans with the provider’s prices', async () => {
    expect(await setup().billing.plans()).toEqual([
      { plan: 'premium_monthly', price: { amount: 1200, currency: 'usd' }, interval: 'month' },
      { plan: 'premium_yearly', price: { amount: 12000, currency: 'usd' }, interval: 'year' },
    ]);
  });

  it('creates the customer once and keeps it on the record; the session returns to the site', async () => {
    const { billing, users, payments } = setup();
    await billing.startCheckout(caller('ann'), 'premium_monthly');
    await billing.startCheckout(caller('ann'), 'premium_yearly');
    expect(payments.customers.size).toBe(1);
    const customerId = (await users.get('ann'))?.customerId;
    expect(customerId).toMatch(/^cus_/);
    const [first] = [...payments.sessions.values()];
    expect(first).toMatchObject({ sub: 'ann', customerId, priceId: 'price_m' });
  });

  it('confirms only the caller’s own paid session, storing the subscription once', async () => {
    const { billing, users, paidCheckout } = setup();
    const sessionId = await paidCheckout('ann');
    await expect(billing.confirmCheckout(caller('bob'), sessionId)).rejects.toThrow(
      'No such checkout session.',
    );
    expect((await users.get('bob'))?.subscription).toBeNull();
    const confirmed = await billing.confirmCheckout(caller('ann'), sessionId);
    expect(confirmed).toMatchObject({
      confirmed: true,
      completed: true,
      subscription: { status: 'active', plan: 'premium_monthly', card: { last4: '4242' } },
    });
    // Again (or after the webhook): nothing changes.
    expect(
      (await billing.confirmCheckout(caller('ann'), sessionId)).subscription?.subscriptionId,
    ).toBe(confirmed.subscription?.subscriptionId);
  });

  it('does not confirm a session that is not paid, and says the checkout was never completed', async () => {
    const { billing } = setup();
    const { url } = await billing.startCheckout(caller('ann'), 'premium_monthly');
    expect(await billing.confirmCheckout(caller('ann'), url.split('/').pop()!)).toEqual({
      confirmed: false,
      completed: false,
      subscription: null,
    });
  });

  it('tells a completed checkout whose payment is still processing from one never completed', async () => {
    const { billing, payments } = setup();
    const { url } = await billing.startCheckout(caller('ann'), 'premium_monthly');
    const sessionId = url.split('/').pop()!;
    // An asynchronous payment method: the checkout is complete, the money not yet in.
    payments.sessions.set(sessionId, { ...payments.sessions.get(sessionId)!, complete: true });
    expect(await billing.confirmCheckout(caller('ann'), sessionId)).toEqual({
      confirmed: false,
      completed: true,
      subscription: null,
    });
  });

  it('cancels at period end, resumes, and switches plans through the provider', async () => {
    const { billing, paidCheckout, clock } = setup();
    await billing.confirmCheckout(caller('ann'), await paidCheckout('ann'));
    // Each change is read back later than the last: the newer read is the one kept.
    clock.ms += 1;
    expect(await billing.setCancelAtPeriodEnd(caller('ann'), true)).toMatchObject({
      cancelAtPeriodEnd: true,
    });
    clock.ms += 1;
    expect(await billing.setCancelAtPeriodEnd(caller('ann'), false)).toMatchObject({
      cancelAtPeriodEnd: false,
    });
    clock.ms += 1;
    expect(await billing.changePlan(caller('ann'), 'premium_yearly')).toMatchObject({
      plan: 'premium_yearly',
      price: { amount: 12000 },
    });
    await expect(billing.changePlan(caller('ann'), 'premium_yearly')).rejects.toThrow(
      'on this plan already',
    );
    await expect(billing.setCancelAtPeriodEnd(caller('bob'), true)).rejects.toThrow(
      'no subscription',
    );
  });

  it('previews a switch as the provider bills it: new price, credit, due today, credit left', async () => {
    const { billing, paidCheckout, clock } = setup();
    await billing.confirmCheckout(caller('ann'), await paidCheckout('ann'));
    const usd = (amount: number) => ({ amount, currency: 'usd' });
    expect(await billing.previewPlan(caller('ann'), 'premium_yearly')).toEqual({
      plan: 'premium_yearly',
      prorationDate: NOW / 1000,
      newPrice: usd(12000),
      prorationCredit: usd(1200),
      balanceApplied: usd(0),
      amountDue: usd(10800),
      creditBefore: usd(0),
      creditAfter: usd(0),
    });
    clock.ms += 1;
    const yearly = await billing.changePlan(caller('ann'), 'premium_yearly');
    expect(yearly.credit).toBeUndefined();

    // Back to monthly: the unused year is more than a month costs; the rest stays as credit.
    expect(await billing.previewPlan(caller('ann'), 'premium_monthly')).toMatchObject({
      newPrice: usd(1200),
      prorationCredit: usd(12000),
      amountDue: usd(0),
      creditAfter: usd(10800),
    });
    clock.ms += 1;
    expect(await billing.changePlan(caller('ann'), 'premium_monthly')).toMatchObject({
      plan: 'premium_monthly',
      credit: usd(10800),
    });
    // The credit pays for the next switch before the card does.
    expect(await billing.previewPlan(caller('ann'), 'premium_yearly')).toMatchObject({
      creditBefore: usd(10800),
      balanceApplied: usd(10800),
      amountDue: usd(0),
      creditAfter: usd(0),
    });
    await expect(billing.previewPlan(caller('ann'), 'premium_monthly')).rejects.toThrow(
      'on this plan already',
    );
    await expect(billing.previewPlan(caller('bob'), 'premium_yearly')).rejects.toThrow(
      'no subscription',
    );
  });

  it('switches at the preview’s instant; an instant to come or older than a quote lasts is a 409', async () => {
    const { billing, paidCheckout, clock, payments } = setup();
    await billing.confirmCheckout(caller('ann'), await paidCheckout('ann'));
    const { prorationDate } = await billing.previewPlan(caller('ann'), 'premium_yearly');
    clock.ms += (PRORATION_QUOTE_SECONDS + 1) * 1000;
    await expect(
      billing.changePlan(caller('ann'), 'premium_yearly', prorationDate),
    ).rejects.toBeInstanceOf(Conflict);
    await expect(
      billing.changePlan(caller('ann'), 'premium_yearly', clock.ms / 1000 + 60),
    ).rejects.toThrow(SWITCH_QUOTE_STALE_TEXT);
    expect(payments.changes).toEqual([]);

    const fresh = await billing.previewPlan(caller('ann'), 'premium_yearly');
    clock.ms += 60_000;
    await billing.changePlan(caller('ann'), 'premium_yearly', fresh.prorationDate);
    expect(payments.changes).toEqual([
      expect.objectContaining({ priceId: 'price_y', prorationDate: fresh.prorationDate }),
    ]);
  });

  it('lists invoices with what the card paid and the credit each applied or added', async () => {
    const { billing, paidCheckout, payments, users } = setup();
    await billing.confirmCheckout(caller('ann'), await paidCheckout('ann'));
    const customerId = (await users.get('ann'))!.customerId!;
    const invoice = (id: string, total: number, paid: number, start: number, end: number) => ({
      id: `in_${id}_${customerId}`,
      number: id,
      status: 'paid',
      total: { amount: total, currency: 'usd' },
      amountPaid: { amount: paid, currency: 'usd' },
      startingBalance: start,
      endingBalance: end,
      created: new Date(NOW),
      pdfUrl: null,
      hostedUrl: null,
    });
    payments.invoiceList.push(invoice('renewal', 1200, 0, -10800, -9600));
    payments.invoiceList.push(invoice('switch', -10800, 0, 0, -10800));
    expect(
      (await billing.invoices(caller('ann'))).map((i) => [
        i.number,
        i.amountPaid.amount,
        i.creditApplied.amount,
        i.creditAdded.amount,
      ]),
    ).toEqual([
      ['renewal', 0, 1200, 0],
      ['switch', 0, 0, 10800],
    ]);
  });

  it('never stores an older read over a newer one', async () => {
    const { billing, users, payments, clock, paidCheckout } = setup();
    const sessionId = await paidCheckout('ann');
    const { subscription } = await billing.confirmCheckout(caller('ann'), sessionId);
    const id = subscription!.subscriptionId;
    payments.setStatus(id, 'past_due');
    clock.ms += 1_000;
    await billing.sync(id);
    expect((await users.get('ann'))?.subscription).toMatchObject({
      status: 'past_due',
      pastDueSince: new Date(clock.ms).toISOString(),
    });
    // A late write observed before that one changes nothing.
    const stale = {
      ...(await users.get('ann'))!.subscription!,
      status: 'active' as const,
      observedAt: NOW,
    };
    expect(await users.writeSubscription('ann', stale)).toBe(false);
    expect((await users.get('ann'))?.subscription?.status).toBe('past_due');
  });

  it('a late event of an ended subscription leaves the user on their newer one', async () => {
    const { billing, users, payments, clock, paidCheckout } = setup();
    const first = (await billing.confirmCheckout(caller('ann'), await paidCheckout('ann')))
      .subscription!.subscriptionId;
    payments.setStatus(first, 'canceled');
    clock.ms += 1_000;
    await billing.sync(first);
    clock.ms += 1_000;
    const second = (await billing.confirmCheckout(caller('ann'), await paidCheckout('ann')))
      .subscription!.subscriptionId;
    expect(second).not.toBe(first);
    // The first subscription's deletion event arrives after the second one was stored.
    clock.ms += 1_000;
    await billing.sync(first);
    expect((await users.get('ann'))?.subscription).toMatchObject({
      subscriptionId: second,
      status: 'active',
    });
    // Both ended: the newer one speaks for her, whichever event comes last.
    payments.setStatus(second, 'canceled');
    clock.ms += 1_000;
    await billing.sync(second);
    clock.ms += 1_000;
    await billing.sync(first);
    expect((await users.get('ann'))?.subscription).toMatchObject({
      subscriptionId: second,
      status: 'canceled',
    });
  });

  it('e-mails the user whose renewal failed, with the way to update the card', async () => {
    const { billing, mail, paidCheckout } = setup();
    const { subscription } = await billing.confirmCheckout(
      caller('ann'),
      await paidCheckout('ann'),
    );
    const attempt = { id: 'in_renewal', attemptCount: 1 };
    expect(await billing.notifyPaymentFailed(subscription!.subscriptionId, attempt)).toBe(true);
    expect(mail).toEqual([
      expect.objectContaining({
        to: 'ann@example.com',
        subject: PAYMENT_FAILED_SUBJECT,
        text: expect.stringContaining('https://stockscope.test/profile') as string,
      }),
    ]);
  });

  it('e-mails a failed renewal once per invoice attempt, however many reports race', async () => {
    const { billing, mail, paidCheckout } = setup();
    const { subscription } = await billing.confirmCheckout(
      caller('ann'),
      await paidCheckout('ann'),
    );
    const id = subscription!.subscriptionId;
    const attempt = { id: 'in_renewal', attemptCount: 1 };
    // Two webhook events about one failed attempt, applied at the same time.
    const sent = await Promise.all([
      billing.notifyPaymentFailed(id, attempt),
      billing.notifyPaymentFailed(id, { ...attempt }),
    ]);
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect(mail.filter((m) => m.subject === PAYMENT_FAILED_SUBJECT)).toHaveLength(1);
    // The provider's next automatic retry failing is news again.
    expect(await billing.notifyPaymentFailed(id, { ...attempt, attemptCount: 2 })).toBe(true);
    expect(mail.filter((m) => m.subject === PAYMENT_FAILED_SUBJECT)).toHaveLength(2);
  });
});

describe('BillingService: one checkout and one subscription per user', () => {
  it('20 concurrent checkouts of one user make one session, all answered its url', async () => {
    const { billing, payments } = setup();
    const urls = await Promise.all(
      Array.from({ length: 20 }, () => billing.startCheckout(caller('ann'), 'premium_monthly')),
    );
    expect(payments.created).toBe(1);
    expect(new Set(urls.map((u) => u.url)).size).toBe(1);
    expect(await billing.startCheckout(caller('ann'), 'premium_monthly')).toEqual(urls[0]);
    expect(payments.created).toBe(1);
  });

  it('the other plan expires the open session and opens a new one', async () => {
    const { billing, payments } = setup();
    const { url: monthly } = await billing.startCheckout(caller('ann'), 'premium_monthly');
    const { url: yearly } = await billing.startCheckout(caller('ann'), 'premium_yearly');
    expect(yearly).not.toBe(monthly);
    const [first, second] = [...payments.sessions.values()];
    expect(first).toMatchObject({ url: monthly, status: 'expired' });
    expect(second).toMatchObject({ url: yearly, status: 'open', priceId: 'price_y' });
  });

  it('a claim whose session expired or was paid is replaced by a new session', async () => {
    const { billing, payments, clock } = setup();
    const { url: first } = await billing.startCheckout(caller('ann'), 'premium_monthly');
    clock.ms += 25 * 3_600_000;
    const { url: second } = await billing.startCheckout(caller('ann'), 'premium_monthly');
    expect(second).not.toBe(first);
    await payments.expireCheckoutSession(second.split('/').pop()!);
    const { url: third } = await billing.startCheckout(caller('ann'), 'premium_monthly');
    expect(new Set([first, second, third]).size).toBe(3);
  });

  it('a second running subscription is cancelled and refunded, recorded and e-mailed once', async () => {
    const { billing, payments, users, mail, alerts } = setup();
    const { url } = await billing.startCheckout(caller('ann'), 'premium_monthly');
    const first = payments.pay(url.split('/').pop()!);
    // A second session paid too (made before the one-checkout rule): the provider's side.
    const stale = await payments.createCheckoutSession({
      customerId: first.customerId,
      sub: 'ann',
      priceId: 'price_y',
    });
    const second = payments.pay(stale.id);
    for (let i = 0; i < 3; i += 1) {
      expect(await billing.endDuplicates(i === 0 ? second.id : first.id)).toEqual(
        i === 0 ? [second.id] : [],
      );
    }
    expect(await billing.endDuplicates(second.id)).toEqual([]);
    expect((await payments.subscription(first.id))?.status).toBe('active');
    expect((await payments.subscription(second.id))?.status).toBe('canceled');
    expect([...payments.refunds.values()]).toEqual([
      expect.objectContaining({ subscriptionId: second.id, money: second.money }),
    ]);
    expect(users.records.get('ann')?.duplicateRefunds).toEqual([
      expect.objectContaining({ subscriptionId: second.id, keptSubscriptionId: first.id }),
    ]);
    expect(mail.map((m) => [m.to, m.subject])).toEqual([
      ['ann@example.com', DUPLICATE_REFUNDED_SUBJECT],
    ]);
    expect(alerts).toHaveLength(1);
  });

  it('a retry after a failure part-way refunds once, records once, e-mails once and cancels', async () => {
    const { billing, payments, users, mail } = setup();
    const { url } = await billing.startCheckout(caller('ann'), 'premium_monthly');
    const first = payments.pay(url.split('/').pop()!);
    const stale = await payments.createCheckoutSession({
      customerId: first.customerId,
      sub: 'ann',
      priceId: 'price_m',
    });
    const second = payments.pay(stale.id);
    const cancel = payments.cancelSubscription.bind(payments);
    payments.cancelSubscription = () => Promise.reject(new Error('Stripe unavailable'));
    await expect(billing.endDuplicates(second.id)).rejects.toThrow('Stripe unavailable');
    payments.cancelSubscription = cancel;
    expect(await billing.endDuplicates(second.id)).toEqual([second.id]);
    expect((await payments.subscription(second.id))?.status).toBe('canceled');
    expect(payments.refunds.size).toBe(1);
    expect(users.records.get('ann')?.duplicateRefunds).toHaveLength(1);
    expect(mail).toHaveLength(1);
  });
});
