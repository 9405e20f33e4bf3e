import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionState } from '../../core/subscription';
import { PAYMENT_WEBHOOK_EVENTS_TABLE } from '../../core/tables';
import { newUserRecord } from '../../core/user-record';
import { DynamoDbWebhookEvents } from '../../lambdas/adapters/dynamodb/webhook-events';
import { StripePayments } from '../../lambdas/adapters/stripe/stripe-payments';
import type { UsersRepository } from '../../lambdas/ports/users-repository';
import { HANDLED_EVENTS } from '../../lambdas/stripe-webhook/app';
import { composeStripeWebhookApi } from '../../lambdas/stripe-webhook/compose';
import { STRIPE_WEBHOOK_API } from '../../core/api/stripe-webhook';
import { handleApiRequest, localApi } from '../../infra/local/api-gateway';
import {
  LOCAL_STRIPE_API_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  localStripePayments,
  localWebhookTarget,
} from '../../infra/local/payments';
import { localStripeClient, stripeWebhooks } from '../../infra/local/stripe/client';
import { startLocalStripe, type LocalStripe } from '../../infra/local/stripe/server';
import { subscribeThroughCheckout } from '../../infra/local/stripe/testing/hosted-checkout';
import {
  deliver,
  deliverAll,
  recordEventHistory,
  seededRandom,
  stackTables,
  type EventHistory,
  type RecordedEvent,
} from '../../infra/local/stripe/testing/event-history';
import { sharedStack, stackDocumentClient } from '../support/shared-stack';
import { InMemoryNotificationLedger } from '../../lambdas/adapters/testing/memory/notification-ledger';

/** What a user's subscription is, without when it was read (each delivery reads it anew). */
const settled = (state: SubscriptionState | null | undefined) => {
  if (!state) return null;
  const { observedAt: _observed, pastDueSince, ...rest } = state;
  return { ...rest, pastDue: pastDueSince !== undefined };
};

type Settled = ReturnType<typeof settled>;

/**
 * Users in the history, and the events it must reach. Each user's events keep the depth and mix
 * of a long history (about 20 each: subscribing, cancelling and resuming, switching plan, renewals,
 * failed renewals, retries and ends); more users would only add more independent histories (and
 * half a minute of deliveries at 15), and fewer make two deliveries for one user in flight at once
 * likelier.
 */
const HISTORY_USERS = 8;
const HISTORY_EVENTS = 160;

/**
 * The webhook over HTTP on the shared local stack (POST /api/stripe/webhook), with events the
 * local Stripe made for users of the file's own (on a test clock of their own): signatures,
 * exactly-once, order-proof, and retries of a failed delivery.
 */
describe('Stripe webhook (local stack)', () => {
  const stack = sharedStack();
  const webhookUrl = localWebhookTarget(stack.url).url;
  let history: EventHistory;
  let eventIds = new Set<string>();
  // The rows of the file's own events only: other files' deliveries share the table.
  const tables = stackTables(stack, { events: () => eventIds });

  beforeAll(async () => {
    history = await recordEventHistory(stack, {
      customers: HISTORY_USERS,
      minEvents: HISTORY_EVENTS,
      seed: 2026,
      prefix: `history-${randomInt(1e9).toString(36)}`,
    });
    eventIds = new Set(history.events.map((e) => e.id));
  }, 240_000);

  afterAll(() => {
    tables.client.destroy();
  });

  const states = async (subs: readonly string[]): Promise<Record<string, Settled>> =>
    Object.fromEntries(
      await Promise.all(
        subs.map(async (sub) => [sub, settled((await tables.users.get(sub))?.subscription)]),
      ),
    );
  const rowOf = async (eventId: string) =>
    (
      await tables.client.send(
        new GetCommand({
          TableName: PAYMENT_WEBHOOK_EVENTS_TABLE.localName,
          Key: { [PAYMENT_WEBHOOK_EVENTS_TABLE.partitionKey.name]: eventId },
        }),
      )
    ).Item;

  describe('signatures', () => {
    const subscribed = () => history.events.find((e) => e.type === 'checkout.session.completed')!;

    it.each([
      [
        'a forged signature',
        (payload: string) =>
          stripeWebhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }),
      ],
      [
        'a stale timestamp (10 minutes old)',
        (payload: string) =>
          stripeWebhooks.generateTestHeaderString({
            payload,
            secret: LOCAL_STRIPE_WEBHOOK_SECRET,
            timestamp: Math.floor(Date.now() / 1000) - 600,
          }),
      ],
      ['no signature header', () => undefined],
    ])('%s gets 400 and changes nothing', async (_name, sign) => {
      const event = subscribed();
      const sub = history.subs[0]!;
      await tables.reset(history.subs);
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(sign(event.payload) === undefined
            ? {}
            : { 'stripe-signature': sign(event.payload)! }),
        },
        body: event.payload,
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/signature/);
      expect(await rowOf(event.id)).toBeUndefined();
      expect((await tables.users.get(sub))?.subscription).toBeNull();
    });

    it('a body changed after signing gets 400', async () => {
      const event = subscribed();
      const header = stripeWebhooks.generateTestHeaderString({
        payload: event.payload,
        secret: LOCAL_STRIPE_WEBHOOK_SECRET,
      });
      const status = await deliver(
        webhookUrl,
        event.payload.replace('"livemode":false', '"livemode":true'),
        header,
      );
      expect(status).toBe(400);
      expect(await rowOf(event.id)).toBeUndefined();
    });
  });

  it.each([
    ['one after another', 1],
    ['at the same time', 5],
  ])(
    'one event delivered 5 times %s is applied once: one row, one attempt',
    async (_name, parallel) => {
      await tables.reset(history.subs);
      const event = history.events.find((e) => e.type === 'customer.subscription.created')!;
      const sub = history.subs[0]!;
      const statuses = await deliverAll(webhookUrl, Array<RecordedEvent>(5).fill(event), parallel);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      const rows = await tables.eventRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ eventId: event.id, status: 'applied', attempts: 1 });
      expect((await tables.users.get(sub))?.subscription).not.toBeNull();
    },
  );

  it(`${HISTORY_EVENTS} events for ${HISTORY_USERS} users, shuffled with duplicates and sent in parallel, end as in-order delivery does`, async () => {
    expect(history.events.length).toBeGreaterThanOrEqual(HISTORY_EVENTS);
    // Every kind of event the webhook handles is in the history.
    expect(new Set(history.events.map((e) => e.type))).toEqual(HANDLED_EVENTS);
    await tables.reset(history.subs);
    const inOrder = await deliverAll(webhookUrl, history.events, 1);
    expect(inOrder.every((s) => s === 200)).toBe(true);
    const expected = await states(history.subs);
    // The history really moves people between states.
    const statuses = new Set(Object.values(expected).map((s) => s?.status));
    expect(statuses).toContain('active');
    expect(statuses).toContain('canceled');

    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        const random = seededRandom(seed);
        const copies: RecordedEvent[] = history.events.flatMap((event) =>
          random() < 0.25 ? [event, event] : [event],
        );
        // Fisher–Yates with the property's seed: late, early and twice.
        for (let i = copies.length - 1; i > 0; i -= 1) {
          const j = Math.floor(random() * (i + 1));
          [copies[i], copies[j]] = [copies[j]!, copies[i]!];
        }
        await tables.reset(history.subs);
        const answers = await deliverAll(webhookUrl, copies, 8);
        expect(answers.filter((s) => s !== 200)).toEqual([]);
        expect(await states(history.subs)).toEqual(expected);
        const rows = await tables.eventRows();
        expect(rows).toHaveLength(history.events.length);
        expect(rows.filter((row) => row.status === 'failed')).toEqual([]);
      }),
      { numRuns: 2, seed: 11 },
    );
  }, 600_000);

  it('a delivery the handler fails is answered 5xx, retried by the local Stripe, and applied once', async () => {
    // The product's webhook composed as in the stack, over a users table that fails one write, and
    // a local Stripe of the test's own delivering to it: the shared stack's webhook, and the
    // deliveries other files wait for, stay where they are.
    const local: LocalStripe = await startLocalStripe({
      port: 0,
      apiKey: LOCAL_STRIPE_API_KEY,
      retryDelaysMs: stack.webhookRetryDelaysMs,
    });
    const stripe = localStripeClient(local.port, LOCAL_STRIPE_API_KEY);
    let failures = 0;
    const flaky: UsersRepository = Object.create(tables.users) as UsersRepository;
    flaky.writeSubscription = async (sub, state) => {
      if (failures-- > 0) throw new Error('DynamoDB is having a moment');
      return tables.users.writeSubscription(sub, state);
    };
    const api = localApi(
      STRIPE_WEBHOOK_API,
      composeStripeWebhookApi({
        users: flaky,
        notices: new InMemoryNotificationLedger(),
        events: new DynamoDbWebhookEvents(tables.client, PAYMENT_WEBHOOK_EVENTS_TABLE.localName),
        payments: localStripePayments(local.port),
        billing: { prices: local.prices, siteUrl: () => Promise.resolve(stack.url) },
        email: { send: () => Promise.resolve() },
      }),
    );
    const server: Server = createServer((req, res) => {
      void handleApiRequest(api, req, res, new URL(req.url ?? '/', 'http://127.0.0.1'), {
        verify: () => Promise.reject(new Error('the webhook takes no token')),
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    local.setWebhook({
      url: localWebhookTarget(`http://127.0.0.1:${port}`).url,
      secret: LOCAL_STRIPE_WEBHOOK_SECRET,
    });
    try {
      // A user whose subscription is running, its state then forgotten.
      const sub = `flaky-${randomInt(1e9).toString(36)}`;
      const email = `${sub}@history.stockscope.local`;
      await tables.users.createIfAbsent(
        newUserRecord({ email, sub, createdAt: new Date().toISOString() }),
      );
      const payments = new StripePayments({ stripe });
      const customerId = await payments.createCustomer({ sub, email });
      await tables.users.setCustomerId(sub, customerId);
      const { subscriptionId } = await subscribeThroughCheckout(payments, {
        sub,
        customerId,
        priceId: local.prices.premium_monthly,
      });
      await local.webhooksIdle();
      await tables.reset([sub]);
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      expect(current.status).toBe('active');
      expect((await tables.users.get(sub))?.subscription).toBeNull();
      failures = 1;
      const before = local.deliveries().length;
      await stripe.subscriptions.update(current.id, {
        cancel_at_period_end: !current.cancel_at_period_end,
      });
      await local.webhooksIdle();
      const attempts = local.deliveries().slice(before);
      expect(attempts.map((a) => [a.type, a.attempt, a.status])).toEqual([
        ['customer.subscription.updated', 1, 500],
        ['customer.subscription.updated', 2, 200],
      ]);
      expect(await rowOf(attempts[0]!.eventId)).toMatchObject({ status: 'applied', attempts: 2 });
      expect((await tables.users.get(sub))?.subscription).toMatchObject({
        subscriptionId: current.id,
        cancelAtPeriodEnd: !current.cancel_at_period_end,
      });
    } finally {
      await local.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

/**
 * Signed by the stack's webhook secret but not an event the product can read: answered 400 (a 5xx
 * would have Stripe retry it for three days) and kept in the events table as malformed.
 */
describe('Stripe webhook (local stack): signed but malformed events', () => {
  const stack = sharedStack();
  const webhookUrl = localWebhookTarget(stack.url).url;
  const client = stackDocumentClient(stack);
  afterAll(() => client.destroy());

  it.each([
    ['no data', (id: string) => ({ id, type: 'invoice.paid', created: 1_700_000_000 })],
    [
      'data.object null',
      (id: string) => ({
        id,
        type: 'invoice.paid',
        created: 1_700_000_000,
        data: { object: null },
      }),
    ],
  ])('%s: 400, recorded as malformed', async (_name, body) => {
    const id = `evt_malformed_${randomInt(1e9).toString(36)}`;
    const payload = JSON.stringify(body(id));
    const signature = stripeWebhooks.generateTestHeaderString({
      payload,
      secret: LOCAL_STRIPE_WEBHOOK_SECRET,
    });
    expect(await deliver(webhookUrl, payload, signature)).toBe(400);
    const { Item } = await client.send(
      new GetCommand({
        TableName: PAYMENT_WEBHOOK_EVENTS_TABLE.localName,
        Key: { [PAYMENT_WEBHOOK_EVENTS_TABLE.partitionKey.name]: id },
      }),
    );
    expect(Item).toMatchObject({ eventId: id, type: 'invoice.paid', status: 'malformed' });
  });
});
