import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStripeClient } from './client';
import { startLocalStripe, type LocalStripe } from './server';

const KEY = 'sk_test_local';
let local: LocalStripe;
let stripe: Stripe;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'local-stripe-'));
  local = await startLocalStripe({ port: 0, dataDir, apiKey: KEY });
  // The product's own way to reach it: the real client with host, port and protocol.
  stripe = localStripeClient(local.port, KEY);
});

afterAll(async () => {
  await local.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local Stripe stand-in, through the real stripe client', () => {
  it('answers the seeded prices', async () => {
    const price = await stripe.prices.retrieve(local.prices.premium_monthly);
    expect(price).toMatchObject({
      unit_amount: 900,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
  });

  it('answers 404 in Stripe’s shape for an unknown id, and 401 for a wrong key', async () => {
    await expect(stripe.prices.retrieve('price_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
    const wrong = localStripeClient(local.port, 'sk_test_wrong');
    await expect(wrong.prices.retrieve(local.prices.premium_monthly)).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
  });

  it('answers only requests addressed to it by a loopback name (DNS rebinding)', async () => {
    /** A GET with the Host header given (fetch sets its own). */
    const get = (host: string, path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const headers = { Host: `${host}:${local.port}`, Authorization: `Bearer ${KEY}` };
        request({ host: '127.0.0.1', port: local.port, path, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
          .on('error', reject)
          .end();
      });
    const price = `/v1/prices/${local.prices.premium_monthly}`;
    for (const host of ['127.0.0.1', 'localhost']) {
      expect((await get(host, price)).status).toBe(200);
    }
    for (const path of [price, '/checkout/cs_test_none', '/portal/bps_none']) {
      const rebound = await get('evil.example', path);
      expect(rebound.status, path).toBe(403);
      expect(rebound.body, path).not.toContain('unit_amount');
    }
  });

  it('creates a customer once per idempotency key', async () => {
    const first = await stripe.customers.create(
      { email: 'ann@example.com', metadata: { sub: 'ann' } },
      { idempotencyKey: 'customer-ann' },
    );
    const again = await stripe.customers.create(
      { email: 'ann@example.com', metadata: { sub: 'ann' } },
      { idempotencyKey: 'customer-ann' },
    );
    expect(again.id).toBe(first.id);
    expect(first.metadata).toEqual({ sub: 'ann' });
  });

  it('opens a subscription checkout session on its hosted page, and reads it back', async () => {
    const customer = await stripe.customers.create({ email: 'bob@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'bob',
      line_items: [{ price: local.prices.premium_yearly, quantity: 1 }],
      success_url: 'http://127.0.0.1:1/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:1/profile',
      metadata: { sub: 'bob' },
      subscription_data: { metadata: { sub: 'bob' } },
    });
    expect(session.url).toBe(`${local.url}/checkout/${session.id}`);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: 'bob',
      customer: customer.id,
    });
  });
});
