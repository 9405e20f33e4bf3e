import type { APIGatewayProxyEvent } from 'aws-lambda';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { newUserRecord } from '../../core/user-record';
import { StripePayments } from '../adapters/stripe/stripe-payments';
import { InMemoryPayments, MEMORY_WEBHOOK_SIGNATURE } from '../adapters/testing/memory/payments';
import { InMemoryUsersRepository } from '../adapters/testing/memory/users-repository';
import { InMemoryWebhookEvents } from '../adapters/testing/memory/webhook-events';
import type { Caller } from '../shared/claims';
import { BillingService } from '../subscription/billing-service';
import { createStripeWebhookApi } from './app';
import { InMemoryNotificationLedger } from '../adapters/testing/memory/notification-ledger';

const NOW = Date.parse('2026-11-24T12:00:00Z');

function setup({ failSyncs = 0 } = {}) {
  const users = new InMemoryUsersRepository([
    newUserRecord({ email: 'ann@example.com', sub: 'ann', createdAt: '2026-01-01T00:00:00.000Z' }),
  ]);
  const payments = new InMemoryPayments(
    [{ id: 'price_m', money: { amount: 1200, currency: 'usd' }, interval: 'month' }],
    () => NOW,
  );
  const billing = new BillingService({
    users,
    payments,
    email: { send: async () => {} },
    notices: new InMemoryNotificationLedger(),
    config: {
      prices: { premium_monthly: 'price_m', premium_yearly: 'price_m' },
      siteUrl: async () => 'https://x.test',
    },
    now: () => NOW,
  });
  let failures = failSyncs;
  const sync = billing.sync.bind(billing);
  billing.sync = async (...args) => {
    if (failures > 0) {
      failures -= 1;
      throw new Error('DynamoDB throttled');
    }
    return sync(...args);
  };
  const events = new InMemoryWebhookEvents();
  const outcomes: string[] = [];
  const api = createStripeWebhookApi({
    payments,
    billing,
    events,
    now: () => NOW,
    onOutcome: (outcome) => outcomes.push(outcome),
  });
  const post = async (body: unknown, signature: string | null = MEMORY_WEBHOOK_SIGNATURE) =>
    api({
      httpMethod: 'POST',
      resource: '/webhook',
      path: '/webhook',
      headers: signature ? { 'Stripe-Signature': signature } : {},
      body: JSON.stringify(body),
      isBase64Encoded: false,
      requestContext: {},
    } as unknown as APIGatewayProxyEvent);
  return { users, payments, billing, events, post, outcomes };
}

const ann: Caller = {
  sub: 'ann',
  email: 'ann@example.com',
  emailVerified: true,
  groups: [],
  issuedAt: NOW,
};

describe('Stripe webhook', () => {
  it('refuses an unsigned or forged event with 400 and changes nothing', async () => {
    const { post, events, outcomes } = setup();
    const event = {
      id: 'evt_1',
      type: 'customer.subscription.updated',
      objectId: 'sub_1',
      subscriptionId: 'sub_1',
    };
    expect((await post(event, null)).statusCode).toBe(400);
    expect((await post(event, 'forged')).statusCode).toBe(400);
    expect(events.rows.size).toBe(0);
    expect(outcomes).toEqual(['rejected', 'rejected']);
  });

  it('applies one event once, however often it is delivered', async () => {
    const { post, events, billing, payments, users, outcomes } = setup();
    const { url } = await billing.startCheckout(ann, 'premium_monthly');
    const subscription = payments.pay(url.split('/').pop()!);
    const event = {
      id: 'evt_2',
      type: 'invoice.paid',
      objectId: 'in_1',
      subscriptionId: subscription.id,
    };
    for (let i = 0; i < 5; i += 1) expect((await post(event)).statusCode).toBe(200);
    expect([...events.rows.values()]).toEqual([
      expect.objectContaining({ eventId: 'evt_2', status: 'applied', attempts: 1 }),
    ]);
    expect((await users.get('ann'))?.subscription?.status).toBe('active');
    expect(outcomes).toEqual(['processed', ...Array(4).fill('duplicate')]);
  });

  it('answers 5xx when applying fails, records the failure, and applies the retry once', async () => {
    const { post, events, billing, payments, users, outcomes } = setup({ failSyncs: 1 });
    const { url } = await billing.startCheckout(ann, 'premium_monthly');
    const subscription = payments.pay(url.split('/').pop()!);
    const event = {
      id: 'evt_3',
      type: 'customer.subscription.created',
      objectId: subscription.id,
      subscriptionId: subscription.id,
    };
    expect((await post(event)).statusCode).toBe(500);
    expect(await events.get('evt_3')).toMatchObject({
      status: 'failed',
      error: 'DynamoDB throttled',
    });
    expect((await users.get('ann'))?.subscription).toBeNull();
    expect((await post(event)).statusCode).toBe(200);
    expect(await events.get('evt_3')).toMatchObject({ status: 'applied', attempts: 2 });
    expect((await users.get('ann'))?.subscription?.status).toBe('active');
    expect(outcomes).toEqual(['failed', 'processed']);
  });

  it('records events it does not handle as ignored', async () => {
    const { post, events } = setup();
    expect(
      (await post({ id: 'evt_4', type: 'customer.created', objectId: 'cus_1' })).statusCode,
    ).toBe(200);
    expect(await events.get('evt_4')).toMatchObject({
      status: 'ignored',
      detail: 'not an event the product handles',
    });
  });
});

describe('Stripe webhook: signed events it cannot read', () => {
  const SECRET = 'whsec_unit';
  // stripe-node's own signer and verifier: nothing here reaches Stripe.
  const stripe = new Stripe('sk_test_unit');
  const signed = (payload: string) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });

  function setupSigned() {
    const { billing, users } = setup();
    let syncs = 0;
    const sync = billing.sync.bind(billing);
    billing.sync = async (...args) => {
      syncs += 1;
      return sync(...args);
    };
    const events = new InMemoryWebhookEvents();
    const outcomes: string[] = [];
    const api = createStripeWebhookApi({
      payments: new StripePayments({ stripe, webhookSecret: async () => SECRET }),
      billing,
      events,
      now: () => Date.now(),
      onOutcome: (outcome) => outcomes.push(outcome),
    });
    const post = async (payload: string) =>
      api({
        httpMethod: 'POST',
        resource: '/webhook',
        path: '/webhook',
        headers: { 'Stripe-Signature': signed(payload) },
        body: payload,
        isBase64Encoded: false,
        requestContext: {},
      } as unknown as APIGatewayProxyEvent);
    return { post, events, outcomes, users, syncs: () => syncs };
  }

  const envelope = { id: 'evt_bad', type: 'customer.subscription.updated', created: 1_700_000_000 };

  it.each([
    ['no data', JSON.stringify(envelope)],
    ['data.object null', JSON.stringify({ ...envelope, data: { object: null } })],
    ['data.object an array', JSON.stringify({ ...envelope, data: { object: [] } })],
    ['an object of no known shape', JSON.stringify({ ...envelope, data: { object: { a: 1 } } })],
    ['an array', JSON.stringify([envelope])],
  ])(
    '%s: recorded as malformed under its id and answered 400, also when sent again',
    async (_name, payload) => {
      const { post, events, outcomes, syncs } = setupSigned();
      const id = payload.startsWith('[') ? undefined : 'evt_bad';
      for (let i = 0; i < 2; i += 1) {
        const response = await post(payload);
        expect(response.statusCode).toBe(400);
        expect(JSON.parse(response.body)).toEqual({
          message: expect.stringMatching(/malformed/) as unknown,
        });
      }
      const rows = [...events.rows.values()];
      expect(rows).toEqual([
        expect.objectContaining({ status: 'malformed', attempts: 1, detail: expect.any(String) }),
      ]);
      if (id) expect(rows[0]).toMatchObject({ eventId: id, type: envelope.type });
      else expect(rows[0]!.eventId).toMatch(/^malformed-[0-9a-f]{32}$/);
      expect(outcomes).toEqual(['rejected', 'rejected']);
      expect(syncs()).toBe(0);
    },
  );

  it('a body that is not JSON is recorded under a digest of the body and answered 400', async () => {
    const { post, events } = setupSigned();
    expect((await post('{"id": "evt_cut", "type": "invoice.pa')).statusCode).toBe(400);
    expect([...events.rows.values()]).toEqual([
      expect.objectContaining({
        eventId: expect.stringMatching(/^malformed-/) as unknown,
        type: 'unknown',
        status: 'malformed',
        detail: expect.stringMatching(/not JSON/) as unknown,
      }),
    ]);
  });

  it('a well-formed signed event is applied (the schema reads what Stripe sends)', async () => {
    const { post, events } = setupSigned();
    const payload = JSON.stringify({
      ...envelope,
      id: 'evt_ok',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect((await post(payload)).statusCode).toBe(200);
    expect(await events.get('evt_ok')).toMatchObject({ status: 'ignored' });
  });
});
