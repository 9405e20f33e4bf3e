import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionState } from '../../core/subscription';
import { PAYMENT_WEBHOOK_EVENTS_TABLE } from '../../core/tables';
import { DynamoDbWebhookEvents } from '../../lambdas/adapters/dynamodb/webhook-events';
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
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import {
  deliver,
  deliverAll,
  recordEventHistory,
  seededRandom,
  stackTables,
  type EventHistory,
  type RecordedEvent,
} from '../../infra/local/stripe/testing/event-history';

/** What a user's subscription is, without when it was read (each delivery reads it anew). */
const settled = (state: SubscriptionState | null | undefined) => {
  if (!state) return null;
  const { observedAt: _observed, pastDueSince, ...rest } = state;
  return { ...rest, pastDue: pastDueSince !== undefined };
};

type Settled = ReturnType<typeof settled>;

/**
 * The webhook over HTTP on the local stack (POST /api/stripe/webhook), with events the local
 * Stripe made: signatures, exactly-once, order-proof, and retries of a failed delivery.
 */
describe('Stripe webhook (local stack)', () => {
  let dataDir = '';
  let stack: LocalStack;
  let tables: ReturnType<typeof stackTables>;
  let webhookUrl = '';
  let history: EventHistory;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stockscope-webhook-'));
    stack = await startLocalStack({
      port: 0,
      dataDir,
      spa: 'none',
      demoCount: 5,
      webhookRetryDelaysMs: [200, 400, 800],
    });
    tables = stackTables(stack);
    webhookUrl = localWebhookTarget(stack.url).url;
    history = await recordEventHistory(stack, {
      customers: 50,
      minEvents: 1_000,
      seed: 2026,
      prefix: 'history',
    });
  }, 240_000);

  afterAll(async () => {
    tables?.client.destroy();
    await stack?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const states = async (subs: readonly string[]): Promise<Record<string, Settled>> =>
    Object.fromEntries(
      await Promise.all(
        subs.map(async (sub) => [sub, settled((await tables.users.get(sub))?.subscription)]),
      ),
    );
  const rowOf = async (eventId: string) =>
    (await tables.eventRows()).find((row) => row.eventId === eventId);

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

  it('1,000 events for 50 users, shuffled with duplicates and sent in parallel, end as in-order delivery does', async () => {
    expect(history.events.length).toBeGreaterThanOrEqual(1_000);
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
    // The product's webhook composed as in the stack, over a users table that fails one write.
    const stripe = localStripeClient(stack.stripe.port, LOCAL_STRIPE_API_KEY);
    let failures = 1;
    const flaky: UsersRepository = Object.create(tables.users) as UsersRepository;
    flaky.writeSubscription = async (sub, state) => {
      if (failures-- > 0) throw new Error('DynamoDB is having a moment');
      return tables.users.writeSubscription(sub, state);
    };
    const api = localApi(
      STRIPE_WEBHOOK_API,
      composeStripeWebhookApi({
        users: flaky,
        events: new DynamoDbWebhookEvents(tables.client, PAYMENT_WEBHOOK_EVENTS_TABLE.localName),
        payments: localStripePayments(stack.stripe.port),
        billing: { prices: stack.stripe.prices, siteUrl: () => Promise.resolve(stack.url) },
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
    stack.stripe.setWebhook({
      url: localWebhookTarget(`http://127.0.0.1:${port}`).url,
      secret: LOCAL_STRIPE_WEBHOOK_SECRET,
    });
    try {
      await tables.reset(history.subs);
      // A user whose subscription is still running (the history ended some).
      let sub = '';
      let current: Stripe.Subscription | undefined;
      for (const candidate of history.subs) {
        const customer = (await tables.users.get(candidate))!.customerId!;
        current = (await stripe.subscriptions.list({ customer })).data.find(
          (s) => s.status === 'active',
        );
        sub = candidate;
        if (current) break;
      }
      if (!current) throw new Error('The history left no active subscription');
      expect((await tables.users.get(sub))?.subscription).toBeNull();
      const before = stack.stripe.deliveries().length;
      await stripe.subscriptions.update(current.id, {
        cancel_at_period_end: !current.cancel_at_period_end,
      });
      await stack.stripe.webhooksIdle();
      const attempts = stack.stripe.deliveries().slice(before);
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
      stack.stripe.setWebhook(localWebhookTarget(stack.url));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
