import {
  BatchWriteCommand,
  ScanCommand,
  UpdateCommand,
  type BatchWriteCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { PAYMENT_WEBHOOK_EVENTS_TABLE, USERS_TABLE } from '../../../../core/tables';
import { documentClient } from '../../../../lambdas/adapters/dynamodb/document-client';
import { profileKey } from '../../../../lambdas/adapters/dynamodb/users-keys';
import { DynamoDbUsersRepository } from '../../../../lambdas/adapters/dynamodb/users-repository';
import { StripePayments } from '../../../../lambdas/adapters/stripe/stripe-payments';
import type { PaidPlan } from '../../../../core/subscription';
import { newUserRecord } from '../../../../core/user-record';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../aws-local';
import { LOOPBACK_HOST } from '../../loopback';
import { LOCAL_STRIPE_API_KEY, LOCAL_STRIPE_WEBHOOK_SECRET } from '../../payments';
import { localStripeClient, stripeWebhooks } from '../client';
import { subscribeThroughCheckout } from './hosted-checkout';

/** One event as the stand-in sent it: its id and its raw body (what the signature covers). */
export interface RecordedEvent {
  readonly id: string;
  readonly type: string;
  readonly payload: string;
}

const DAY = 86_400;

/** A deterministic random source (mulberry32), so a history can be made again from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** POSTs one event to the product's webhook, signed now by the stripe library (as Stripe does). */
export async function deliver(
  webhookUrl: string,
  payload: string,
  header = stripeWebhooks.generateTestHeaderString({
    payload,
    secret: LOCAL_STRIPE_WEBHOOK_SECRET,
  }),
): Promise<number> {
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Delivers events with `concurrency` in flight, as Stripe sends them (in parallel, and again after
 * a non-2xx answer, such as 409 while another delivery of the same event is being applied).
 * Answers each event's final status.
 */
export async function deliverAll(
  webhookUrl: string,
  events: readonly RecordedEvent[],
  concurrency: number,
  onAnswer: (ms: number) => void = () => undefined,
): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < events.length) {
      const event = events[next++]!;
      let status = 0;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const started = performance.now();
        status = await deliver(webhookUrl, event.payload);
        onAnswer(performance.now() - started);
        if (status >= 200 && status < 300) break;
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
      statuses.push(status);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

/**
 * What a history is made on and delivered to, as plain addresses (a stack in this process, or the
 * shared one a test file reaches over the network): the product, its DynamoDB, the local Stripe.
 */
export interface HistoryStack {
  /** The product: the local Stripe delivers every event to its webhook as it happens. */
  readonly url: string;
  readonly endpoints: { readonly dynamodb: string };
  readonly stripe: {
    readonly port: number;
    readonly prices: { readonly premium_monthly: string; readonly premium_yearly: string };
  };
}

const BATCH = 25;

/**
 * The stack's tables through the real SDK, for what a test sets up and reads back. With `events`,
 * only those events' rows of the webhook-events table are read and reset: other files' deliveries
 * on a shared stack are theirs.
 */
export function stackTables(
  stack: Pick<HistoryStack, 'endpoints'>,
  { events }: { readonly events?: () => ReadonlySet<string> } = {},
) {
  const client = documentClient({
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    endpoint: stack.endpoints.dynamodb,
  });
  const ours = (row: Record<string, unknown>) => !events || events().has(String(row.eventId));
  return {
    client,
    users: new DynamoDbUsersRepository(client, USERS_TABLE.localName),
    /** The rows of the payment-webhook-events table (of `events` only, when given). */
    async eventRows(): Promise<Record<string, unknown>[]> {
      const rows: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new ScanCommand({
            TableName: PAYMENT_WEBHOOK_EVENTS_TABLE.localName,
            ExclusiveStartKey: start,
          }),
        );
        rows.push(...(page.Items ?? []).filter(ours));
        start = page.LastEvaluatedKey;
      } while (start);
      return rows;
    },
    /** Forgets those events and these users' subscriptions: a second delivery starts from zero. */
    async reset(subs: readonly string[]): Promise<void> {
      const rows = await this.eventRows();
      const batches: Record<string, unknown>[][] = [];
      for (let i = 0; i < rows.length; i += BATCH) batches.push(rows.slice(i, i + BATCH));
      await Promise.all(
        batches.map(async (batch) => {
          let requests: Record<string, unknown>[] | undefined = batch.map((row) => ({
            DeleteRequest: {
              Key: { [PAYMENT_WEBHOOK_EVENTS_TABLE.partitionKey.name]: row.eventId },
            },
          }));
          while (requests && requests.length > 0) {
            const answer: BatchWriteCommandOutput = await client.send(
              new BatchWriteCommand({
                RequestItems: { [PAYMENT_WEBHOOK_EVENTS_TABLE.localName]: requests },
              }),
            );
            requests = answer.UnprocessedItems?.[PAYMENT_WEBHOOK_EVENTS_TABLE.localName];
          }
        }),
      );
      await Promise.all(
        subs.map((sub) =>
          client.send(
            new UpdateCommand({
              TableName: USERS_TABLE.localName,
              Key: profileKey(sub),
              UpdateExpression: 'SET #subscription = :none',
              ExpressionAttributeNames: { '#subscription': 'subscription' },
              ExpressionAttributeValues: { ':none': null },
            }),
          ),
        ),
      );
    },
  };
}

export interface EventHistory {
  /** The users the events belong to (records in the users table). */
  readonly subs: readonly string[];
  /** Every event about their billing, in the order the stand-in sent them. */
  readonly events: readonly RecordedEvent[];
}

/** The customer an event is about (each event the product handles names one). */
const customerOf = (event: Stripe.Event) =>
  (event.data.object as { customer?: unknown }).customer as string | undefined;

/**
 * The stand-in's events since `after` (an event id; all when undefined), oldest first, read from
 * its Events API newest first until that event.
 */
async function eventsSince(stripe: Stripe, after: string | undefined): Promise<Stripe.Event[]> {
  const newestFirst: Stripe.Event[] = [];
  for await (const event of stripe.events.list({ limit: 100 })) {
    if (event.id === after) break;
    newestFirst.push(event);
  }
  return newestFirst.reverse();
}

/**
 * Makes a history of at least `minEvents` events for `customers` users on the local Stripe: each
 * user subscribes through the hosted page, then at random cancels, resumes, switches plan or gets
 * a failing card, while their test clock moves on by days at a time (renewals, failed renewals,
 * retries and period-end cancellations). The users are on a test clock of their own, so a stack
 * shared with others renews, fails and ends nobody else's subscriptions. The stand-in delivers the
 * events to the product as they happen; the history is read back from its Events API, so a test
 * can deliver them again in any order it likes (it resolves once the first deliveries are done).
 */
export async function recordEventHistory(
  stack: HistoryStack,
  {
    customers,
    minEvents,
    seed,
    prefix,
  }: {
    customers: number;
    minEvents: number;
    seed: number;
    prefix: string;
  },
): Promise<EventHistory> {
  const random = seededRandom(seed);
  const { users, client } = stackTables(stack);
  const stripe = localStripeClient(stack.stripe.port, LOCAL_STRIPE_API_KEY);
  const payments = new StripePayments({ stripe });
  const [newest] = (await stripe.events.list({ limit: 1 })).data;
  let seen = newest?.id;
  const clock = await stripe.testHelpers.testClocks.create({
    frozen_time: Math.floor(Date.now() / 1000),
    name: `${prefix} history`,
  });
  let now = clock.frozen_time;
  /** A checkout through the hosted page with 4242: answers the new subscription's id. */
  const subscribe = async (sub: string, customerId: string, plan: PaidPlan) =>
    (
      await subscribeThroughCheckout(payments, {
        sub,
        customerId,
        priceId: stack.stripe.prices[plan],
        successUrl: `${stack.url}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${stack.url}/profile`,
      })
    ).subscriptionId;
  /** The stand-in's local control (not Stripe's API): the customer's card for the next charges. */
  const setCard = async (customerId: string, number: string) => {
    const url = `http://${LOOPBACK_HOST}:${stack.stripe.port}/v1/_local/customers/${customerId}/card`;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${LOCAL_STRIPE_API_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ number }).toString(),
    });
    if (!response.ok) throw new Error(`Setting a card answered ${response.status}`);
  };
  const subs: string[] = [];
  const customerOfSub = new Map<string, string>();
  const subscriptionOf = new Map<string, string>();
  const ours = new Set<string>();
  const events: RecordedEvent[] = [];
  /** Reads the stand-in's new events, keeping those about these users. */
  const collect = async () => {
    for (const event of await eventsSince(stripe, seen)) {
      seen = event.id;
      const customer = customerOf(event);
      if (customer && ours.has(customer)) {
        events.push({ id: event.id, type: event.type, payload: JSON.stringify(event) });
      }
    }
  };
  try {
    for (let i = 0; i < customers; i += 1) {
      const sub = `${prefix}-${i}`;
      const email = `${sub}@history.stockscope.local`;
      await users.createIfAbsent(
        newUserRecord({ email, sub, createdAt: new Date().toISOString() }),
      );
      const customer = await stripe.customers.create(
        { email, metadata: { sub }, test_clock: clock.id },
        { idempotencyKey: `customer-${sub}` },
      );
      ours.add(customer.id);
      await users.setCustomerId(sub, customer.id);
      const subscriptionId = await subscribe(
        sub,
        customer.id,
        random() < 0.7 ? 'premium_monthly' : 'premium_yearly',
      );
      subs.push(sub);
      customerOfSub.set(sub, customer.id);
      subscriptionOf.set(sub, subscriptionId);
    }
    await collect();
    while (events.length < minEvents) {
      for (const sub of subs) {
        const current = await payments.subscription(subscriptionOf.get(sub)!);
        const roll = random();
        if (!current || current.status === 'canceled') {
          // Some come back: a new checkout, a new subscription.
          if (roll < 0.3) {
            const plan = random() < 0.5 ? 'premium_monthly' : 'premium_yearly';
            subscriptionOf.set(sub, await subscribe(sub, customerOfSub.get(sub)!, plan));
          }
          continue;
        }
        if (roll < 0.2) await payments.setCancelAtPeriodEnd(current.id, !current.cancelAtPeriodEnd);
        else if (roll < 0.35) {
          const other = current.interval === 'month' ? 'premium_yearly' : 'premium_monthly';
          await payments.changePrice(current, stack.stripe.prices[other]);
        } else if (roll < 0.45) {
          await setCard(
            customerOfSub.get(sub)!,
            random() < 0.5 ? '4000 0000 0000 0341' : '4242 4242 4242 4242',
          );
        }
      }
      now += Math.round((4 + random() * 30) * DAY);
      await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: now });
      await collect();
    }
    // The product has had every event once (deliveries go out in order: the last one last).
    const last = events.at(-1);
    while (last && (await stripe.events.retrieve(last.id)).pending_webhooks > 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    client.destroy();
  }
  return { subs, events };
}
