import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeleteCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PAYMENT_WEBHOOK_EVENTS_TABLE, USERS_TABLE } from '../../../../core/tables';
import { documentClient } from '../../../../lambdas/adapters/dynamodb/document-client';
import { profileKey } from '../../../../lambdas/adapters/dynamodb/users-keys';
import { DynamoDbUsersRepository } from '../../../../lambdas/adapters/dynamodb/users-repository';
import { StripePayments } from '../../../../lambdas/adapters/stripe/stripe-payments';
import type { PaidPlan } from '../../../../core/subscription';
import { newUserRecord } from '../../../../core/user-record';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../aws-local';
import {
  LOCAL_STRIPE_API_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  localWebhookTarget,
} from '../../payments';
import type { LocalStack } from '../../stack';
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

/** The stack's tables through the real SDK, for what a test sets up and reads back. */
export function stackTables(stack: LocalStack) {
  const client = documentClient({
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    endpoint: stack.endpoints.dynamodb,
  });
  return {
    client,
    users: new DynamoDbUsersRepository(client, USERS_TABLE.localName),
    /** Every row of the payment-webhook-events table. */
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
        rows.push(...(page.Items ?? []));
        start = page.LastEvaluatedKey;
      } while (start);
      return rows;
    },
    /** Forgets every event and these users' subscriptions: a second delivery starts from zero. */
    async reset(subs: readonly string[]): Promise<void> {
      for (const row of await this.eventRows()) {
        await client.send(
          new DeleteCommand({
            TableName: PAYMENT_WEBHOOK_EVENTS_TABLE.localName,
            Key: { [PAYMENT_WEBHOOK_EVENTS_TABLE.partitionKey.name]: row.eventId },
          }),
        );
      }
      for (const sub of subs) {
        await client.send(
          new UpdateCommand({
            TableName: USERS_TABLE.localName,
            Key: profileKey(sub),
            UpdateExpression: 'SET #subscription = :none',
            ExpressionAttributeNames: { '#subscription': 'subscription' },
            ExpressionAttributeValues: { ':none': null },
          }),
        );
      }
    },
  };
}

/** Receives the stand-in's events instead of the product: answers 200 and keeps each raw body. */
async function eventRecorder() {
  const events: RecordedEvent[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const payload = Buffer.concat(chunks).toString('utf8');
      const { id, type } = JSON.parse(payload) as { id: string; type: string };
      events.push({ id, type, payload });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    events,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface EventHistory {
  /** The users the events belong to (records in the users table). */
  readonly subs: readonly string[];
  /** Every event, in the order the stand-in sent them. */
  readonly events: readonly RecordedEvent[];
}

/**
 * Makes a history of at least `minEvents` events for `customers` users on the stack's local Stripe:
 * each user subscribes through the hosted page, then at random cancels, resumes, switches plan
 * or gets a failing card, while the test clock moves on a month at a time (renewals, failed
 * renewals, retries and period-end cancellations). The events go to a recorder, not to the
 * product, so a test can deliver them in any order it likes; the stand-in points back at the
 * product afterwards.
 */
export async function recordEventHistory(
  stack: LocalStack,
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
  const { users } = stackTables(stack);
  const payments = new StripePayments({
    stripe: localStripeClient(stack.stripe.port, LOCAL_STRIPE_API_KEY),
  });
  const recorder = await eventRecorder();
  stack.stripe.setWebhook({ url: recorder.url, secret: LOCAL_STRIPE_WEBHOOK_SECRET });
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
  const subs: string[] = [];
  const customerOf = new Map<string, string>();
  const subscriptionOf = new Map<string, string>();
  try {
    for (let i = 0; i < customers; i += 1) {
      const sub = `${prefix}-${i}`;
      const email = `${sub}@history.stockscope.local`;
      await users.createIfAbsent(
        newUserRecord({ email, sub, createdAt: new Date().toISOString() }),
      );
      const customerId = await payments.createCustomer({ sub, email });
      await users.setCustomerId(sub, customerId);
      const subscriptionId = await subscribe(
        sub,
        customerId,
        random() < 0.7 ? 'premium_monthly' : 'premium_yearly',
      );
      subs.push(sub);
      customerOf.set(sub, customerId);
      subscriptionOf.set(sub, subscriptionId);
    }
    while (recorder.events.length < minEvents) {
      for (const sub of subs) {
        const current = await payments.subscription(subscriptionOf.get(sub)!);
        const roll = random();
        if (!current || current.status === 'canceled') {
          // Some come back: a new checkout, a new subscription.
          if (roll < 0.3) {
            const plan = random() < 0.5 ? 'premium_monthly' : 'premium_yearly';
            subscriptionOf.set(sub, await subscribe(sub, customerOf.get(sub)!, plan));
          }
          continue;
        }
        if (roll < 0.2) await payments.setCancelAtPeriodEnd(current.id, !current.cancelAtPeriodEnd);
        else if (roll < 0.35) {
          const other = current.interval === 'month' ? 'premium_yearly' : 'premium_monthly';
          await payments.changePrice(current, stack.stripe.prices[other]);
        } else if (roll < 0.45) {
          const card = random() < 0.5 ? '4000 0000 0000 0341' : '4242 4242 4242 4242';
          stack.stripe.setDefaultCard(customerOf.get(sub)!, card);
        }
      }
      stack.stripe.advanceClock(Math.round((4 + random() * 30) * DAY));
      await stack.stripe.webhooksIdle();
    }
  } finally {
    stack.stripe.setWebhook(localWebhookTarget(stack.url));
    await recorder.close();
  }
  return { subs, events: [...recorder.events] };
}
