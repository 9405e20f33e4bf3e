import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStripeClient } from './client';
import { startLocalStripe, type LocalStripe } from './server';
import { payCheckout, submitForm } from './testing/hosted-checkout';

const KEY = 'sk_test_local';
const DAY = 86_400;
const RETURN_URL = 'http://127.0.0.1:1/profile';
let receiver: Server;
let local: LocalStripe;
let stripe: Stripe;
/** Every event the webhook endpoint received, as posted. */
const received: Stripe.Event[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Stripe.Event);
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  local = await startLocalStripe({
    port: 0,
    apiKey: KEY,
    webhook: { url: `http://127.0.0.1:${port}/api/stripe/webhook`, secret: 'whsec_local_test' },
    retryDelaysMs: [50],
  });
  stripe = localStripeClient(local.port, KEY);
});

afterAll(async () => {
  await local.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const post = submitForm;

/** A customer who paid monthly with 4242 through the hosted checkout. */
async function subscriber(name: string, email = `${name}@example.com`) {
  const customer = await stripe.customers.create({ name, email });
  const checkout = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: local.prices.premium_monthly, quantity: 1 }],
    success_url: 'http://127.0.0.1:1/payment-success',
  });
  await payCheckout(checkout.url!);
  const subscriptionId = (await stripe.checkout.sessions.retrieve(checkout.id))
    .subscription as string;
  return { customerId: customer.id, subscriptionId };
}

async function openPortal(customerId: string) {
  return stripe.billingPortal.sessions.create({ customer: customerId, return_url: RETURN_URL });
}

const subscription = (id: string) =>
  stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] });

const last4 = async (id: string) =>
  ((await subscription(id)).default_payment_method as Stripe.PaymentMethod).card?.last4;

/** Posts a portal form: it answers 303 back to the portal, whose page is then read. */
async function submit(portalUrl: string, action: string, fields: Record<string, string>) {
  const answer = await post(`${portalUrl}/${action}`, fields);
  expect(answer.status).toBe(303);
  expect(new URL(answer.headers.get('location')!, portalUrl).href).toBe(portalUrl);
  return (await fetch(portalUrl)).text();
}

/** The event types delivered while `act` ran (the webhook queue drained before and after). */
async function eventsDuring(act: () => Promise<unknown>) {
  await local.webhooksIdle();
  const before = received.length;
  await act();
  await local.webhooksIdle();
  return received.slice(before);
}

/** A subscriber whose renewal failed (a card that attaches, then fails every charge). */
async function pastDue(name: string) {
  const { customerId, subscriptionId } = await subscriber(name);
  local.setDefaultCard(customerId, '4000000000000341');
  const end = (await subscription(subscriptionId)).items.data[0]!.current_period_end;
  local.advanceClock(end - local.now() + 3600);
  expect((await subscription(subscriptionId)).status).toBe('past_due');
  return { customerId, subscriptionId, portal: await openPortal(customerId) };
}

const isoDay = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);

describe('the local customer portal', () => {
  it('is reached by an unguessable session id, never the customer id', async () => {
    const { customerId } = await subscriber('ann');
    const portal = await openPortal(customerId);
    expect(portal.id).toMatch(/^bps_\w{24}$/);
    expect(portal.url).toBe(`${local.url}/portal/${portal.id}`);
    expect(portal.url).not.toContain(customerId);
    expect((await fetch(`${local.url}/portal/${customerId}`)).status).toBe(404);
  });

  it('shows the plan, renewal date, card, invoices with their PDFs and the way back', async () => {
    const { customerId, subscriptionId } = await subscriber('bob');
    const portal = await openPortal(customerId);
    const answer = await fetch(portal.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await answer.text();
    const end = (await subscription(subscriptionId)).items.data[0]!.current_period_end;
    expect(html).toContain('9.00 USD per month');
    expect(html).toContain('Status: <strong>Active</strong>');
    expect(html).toContain(`Renews on ${isoDay(end)}`);
    expect(html).toContain('Visa •••• 4242');
    expect(html).toContain(`<a href="${RETURN_URL}">Return to StockScope</a>`);
    const [invoice] = (await stripe.invoices.list({ customer: customerId })).data;
    expect(html).toContain(`<a href="${invoice!.invoice_pdf}">PDF</a>`);
    const pdf = await fetch(invoice!.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['1234 5678 9012 3456', 'Your card number is invalid.'],
  ])(
    'a declined card (%s) shows the provider’s message and changes nothing',
    async (number, message) => {
      const { customerId, subscriptionId } = await subscriber(`declined-${number.slice(-4)}`);
      const portal = await openPortal(customerId);
      const before = await subscription(subscriptionId);
      const events = await eventsDuring(async () => {
        const html = await submit(portal.url, 'card', { card: number });
        expect(html).toContain(`<p role="alert">${message}</p>`);
        expect(html).toContain('Visa •••• 4242');
      });
      expect(events).toEqual([]);
      expect(await subscription(subscriptionId)).toEqual(before);
      // The message is shown once: the next visit is clean.
      expect(await (await fetch(portal.url)).text()).not.toContain(message);
    },
  );

  it('a past_due subscription pays its open invoice at once with a new good card', async () => {
    const { customerId, subscriptionId, portal } = await pastDue('cat');
    expect(await (await fetch(portal.url)).text()).toContain('Status: <strong>Past due</strong>');
    const open = (await stripe.invoices.list({ customer: customerId })).data[0]!;
    expect(open.status).toBe('open');
    const events = await eventsDuring(async () => {
      const html = await submit(portal.url, 'card', { card: '4242 4242 4242 4242' });
      expect(html).toContain('Your card was updated.');
      expect(html).toContain('Status: <strong>Active</strong>');
    });
    const now = await subscription(subscriptionId);
    expect(now.status).toBe('active');
    expect(await last4(subscriptionId)).toBe('4242');
    expect((await stripe.invoices.list({ customer: customerId })).data[0]).toMatchObject({
      id: open.id,
      status: 'paid',
      amount_paid: 900,
    });
    const paidAt = events.findIndex((e) => e.type === 'invoice.paid');
    expect((events[paidAt]?.data.object as Stripe.Invoice).id).toBe(open.id);
    expect(events.slice(paidAt + 1)).toMatchObject([
      {
        type: 'customer.subscription.updated',
        data: { object: { id: subscriptionId, status: 'active' } },
      },
    ]);
    // No retry is left pending: time passing does not charge the invoice again.
    local.advanceClock(8 * DAY);
    expect((await subscription(subscriptionId)).status).toBe('active');
    expect((await stripe.invoices.list({ customer: customerId })).data).toHaveLength(2);
  });

  it('a card that attaches but fails charges is kept, and the failed retry is shown', async () => {
    const { subscriptionId, portal } = await pastDue('dan');
    const before = await subscription(subscriptionId);
    // Stripe's 0341 attaches, then fails every charge: the card is saved, the retry fails.
    const events = await eventsDuring(async () => {
      const html = await submit(portal.url, 'card', { card: '4000000000000341' });
      expect(html).toContain(
        'Your card was updated, but the payment of the open invoice failed: Your card was declined.',
      );
    });
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'invoice.payment_failed',
    ]);
    const after = await subscription(subscriptionId);
    expect(after.status).toBe('past_due');
    const methodId = (s: Stripe.Subscription) =>
      (s.default_payment_method as Stripe.PaymentMethod).id;
    expect(methodId(after)).not.toBe(methodId(before));
    // Smart Retries' schedule is kept: the next retry is still the one the renewal set.
    const retryAt = (s: Stripe.Subscription) =>
      (s as unknown as { next_payment_attempt: number }).next_payment_attempt;
    expect(retryAt(after)).toBe(retryAt(before));
  });

  it('a card that asks for authentication is saved once authenticated, and then pays', async () => {
    const { subscriptionId, portal } = await pastDue('eve');
    const step = await post(`${portal.url}/card`, { card: '4000002500003155' });
    expect(step.status).toBe(200);
    expect(await step.text()).toContain('Complete authentication');
    const refused = await submit(portal.url, 'card', {
      card: '4000002500003155',
      authentication: 'fail',
    });
    expect(refused).toContain('We are unable to authenticate your payment method.');
    expect(await last4(subscriptionId)).toBe('0341');
    await submit(portal.url, 'card', { card: '4000002500003155', authentication: 'complete' });
    expect((await subscription(subscriptionId)).status).toBe('active');
    expect(await last4(subscriptionId)).toBe('3155');
  });

  it('cancels at period end and resumes through the REST API’s update, with its events', async () => {
    const { customerId, subscriptionId } = await subscriber('fay');
    const portal = await openPortal(customerId);
    const end = (await subscription(subscriptionId)).items.data[0]!.current_period_end;
    const canceled = await eventsDuring(async () => {
      const html = await submit(portal.url, 'cancel', { subscription: subscriptionId });
      expect(html).toContain(`Cancels on ${isoDay(end)}`);
      expect(html).toContain('Renew plan');
    });
    expect((await subscription(subscriptionId)).cancel_at_period_end).toBe(true);
    expect(canceled).toMatchObject([
      {
        type: 'customer.subscription.updated',
        data: { object: { id: subscriptionId, cancel_at_period_end: true } },
      },
    ]);
    const resumed = await eventsDuring(async () => {
      const html = await submit(portal.url, 'resume', { subscription: subscriptionId });
      expect(html).toContain(`Renews on ${isoDay(end)}`);
      expect(html).toContain('Cancel plan');
    });
    expect((await subscription(subscriptionId)).cancel_at_period_end).toBe(false);
    expect(resumed).toMatchObject([
      {
        type: 'customer.subscription.updated',
        data: { object: { id: subscriptionId, cancel_at_period_end: false } },
      },
    ]);
  });

  it('refuses another customer’s subscription, and names a missing field', async () => {
    const mine = await subscriber('gus');
    const theirs = await subscriber('hal');
    const portal = await openPortal(mine.customerId);
    const answer = await post(`${portal.url}/cancel`, { subscription: theirs.subscriptionId });
    expect(answer.status).toBe(404);
    expect((await subscription(theirs.subscriptionId)).cancel_at_period_end).toBe(false);
    const empty = await post(`${portal.url}/card`, { card: ' ' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('card is required');
    const missing = await post(`${portal.url}/resume`, {});
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('subscription is required');
    expect((await fetch(`${portal.url}/cancel`)).status).toBe(405);
  });

  it('answers 404 for an unknown or expired session, on its page and its forms', async () => {
    const unknown = `${local.url}/portal/bps_unknownunknownunknown0`;
    expect((await fetch(unknown)).status).toBe(404);
    expect((await post(`${unknown}/card`, { card: '4242424242424242' })).status).toBe(404);
    const { customerId } = await subscriber('ida');
    const unvisited = await openPortal(customerId);
    const visited = await openPortal(customerId);
    expect((await fetch(visited.url)).status).toBe(200);
    local.advanceClock(301);
    const expired = await fetch(unvisited.url);
    expect(expired.status).toBe(404);
    expect(await expired.text()).toContain('This link has expired');
    expect((await fetch(visited.url)).status).toBe(200);
    local.advanceClock(3600);
    expect((await fetch(visited.url)).status).toBe(404);
    expect((await post(`${visited.url}/card`, { card: '4242424242424242' })).status).toBe(404);
  });

  it('escapes what the customer typed, and takes only an http(s) return_url', async () => {
    const { customerId } = await subscriber(
      '<script>alert(1)</script>',
      '"><img src=x onerror=alert(2)>@example.com',
    );
    const html = await (await fetch((await openPortal(customerId)).url)).text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('&#34;&#62;&#60;img src=x onerror=alert(2)&#62;@example.com');
    await expect(
      stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: 'javascript:alert(3)',
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'return_url' });
  });
});
