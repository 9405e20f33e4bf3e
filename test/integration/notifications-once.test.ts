import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../core/alerts';
import { LOCAL_STRIPE_API_KEY, localWebhookTarget } from '../../infra/local/payments';
import { localStripeClient } from '../../infra/local/stripe/client';
import { payCheckout } from '../../infra/local/stripe/testing/hosted-checkout';
import { deliverAll, type RecordedEvent } from '../../infra/local/stripe/testing/event-history';
import { PAYMENT_FAILED_SUBJECT } from '../../lambdas/subscription/billing-service';
import { runAlertsAt, seededSessionRise } from '../support/alert-moment';
import { devControl, sharedStack, signedInAccount } from '../support/shared-stack';

// The answers' shapes are the contract's; the test reads them loosely and asserts what it needs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/**
 * Each e-mail once per cause and recipient, over HTTP on the shared local stack: a failed renewal
 * reported by several signed webhook events (and one event delivered twice at once) e-mails its
 * user once; overlapping evaluator runs e-mail each alert that fires once. Counted in the outbox.
 */
describe('each notification once (local stack)', () => {
  const stack = sharedStack();

  const mailTo = async (to: string, subject: (s: string) => boolean) =>
    (await stack.outbox.list()).filter(
      (m) => m.channel === 'email' && m.to === to && subject(m.subject ?? ''),
    );

  describe('a failed renewal', () => {
    const user = { email: '', token: '' };

    beforeAll(async () => {
      const account = await signedInAccount(stack, 'renewal-fails');
      Object.assign(user, { email: account.email, token: account.idToken });
    });

    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${stack.url}/api/subscription${path}`, {
        method,
        headers: { Authorization: user.token, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Json };
    };
    const dev = (path: string, body: unknown) =>
      devControl<Json>(stack, `/dev/stripe/${path}`, body);

    /** A Stripe event about `object`, as Stripe would send another one (its own id). */
    const eventOf = (type: string, object: object): RecordedEvent => {
      const id = `evt_${randomBytes(12).toString('hex')}`;
      const payload = JSON.stringify({
        id,
        object: 'event',
        type,
        api_version: '2025-10-29.clover',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      });
      return { id, type, payload };
    };

    it('e-mails the user once, however many events report it and however they race', async () => {
      const started = await call('POST', '/checkout', { plan: 'premium_monthly' });
      expect(started.status).toBe(200);
      expect((await payCheckout(String(started.body.url))).status).toBe(303);
      // A card that pays at checkout but is declined off-session: the renewal fails.
      expect((await dev('card', { email: user.email, number: '4000 0000 0000 0341' })).status).toBe(
        200,
      );
      expect((await dev('clock', { days: 32, email: user.email })).status).toBe(200);
      const record = (await call('POST', '/user', { email: user.email })).body;
      expect(record.subscription).toMatchObject({ status: 'past_due' });
      const failed = (s: string) => s === PAYMENT_FAILED_SUBJECT;
      // The local Stripe's own events for the failure were delivered (and e-mailed) by now.
      expect(await mailTo(user.email, failed)).toHaveLength(1);

      // More reports of the same failed attempt: two further invoice.payment_failed events (as a
      // second endpoint or a re-sent event would bring), each delivered twice at once, and the
      // subscription's update, all concurrently.
      const stripe = localStripeClient(stack.stripe.port, LOCAL_STRIPE_API_KEY);
      const customer = String(record.subscription.customerId);
      const [invoice] = (await stripe.invoices.list({ customer, limit: 1 })).data;
      expect(invoice).toMatchObject({ status: 'open', attempt_count: 1 });
      const subscription: Stripe.Subscription = await stripe.subscriptions.retrieve(
        String(record.subscription.subscriptionId),
      );
      const first = eventOf('invoice.payment_failed', invoice!);
      const second = eventOf('invoice.payment_failed', invoice!);
      const updated = eventOf('customer.subscription.updated', subscription);
      const webhook = localWebhookTarget(stack.url).url;
      const statuses = await deliverAll(webhook, [first, first, second, second, updated], 5);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);

      expect(await mailTo(user.email, failed)).toHaveLength(1);
    });
  });

  describe('overlapping evaluator runs', () => {
    const user = { email: '', token: '' };

    beforeAll(async () => {
      const account = await signedInAccount(stack, 'alerts-once');
      Object.assign(user, { email: account.email, token: account.idToken });
    });

    const call = async <T>(method: string, path: string, body?: unknown) => {
      const response = await fetch(`${stack.url}/api/subscription${path}`, {
        method,
        headers: { Authorization: user.token, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as T };
    };

    it('e-mails each alert that fires once, and a re-armed alert again when it fires again', async () => {
      const pick = await seededSessionRise(stack, Date.now());
      const { symbol, before, after, instants } = pick;
      const rise = instants[2];
      const round = (price: number) => Math.round(price * 10_000) / 10_000;
      const alerts: Alert[] = [];
      for (const price of [
        round(before + (after - before) / 3),
        round(after - (after - before) / 3),
      ]) {
        const created = await call<Alert>('POST', '/alerts', {
          symbol,
          condition: { kind: 'above', price },
        });
        expect(created.status).toBe(200);
        alerts.push(created.body);
      }
      const alertMail = (s: string) => s.startsWith('Price alert:') && s.includes(symbol);

      // Three runs as of the minute the price passes both alerts, at once.
      const fired = await Promise.all(
        [0, 1, 2].map(() => runAlertsAt(stack.url, rise, user.email)),
      );
      expect(fired.reduce((sum, n) => sum + n, 0)).toBe(2);
      expect(await mailTo(user.email, alertMail)).toHaveLength(2);

      // Re-armed, the first alert is a new cause: its next fire is e-mailed, once again.
      const listed = (await call<{ alerts: Alert[] }>('GET', '/alerts')).body.alerts;
      const fired1 = listed.find((a) => a.id === alerts[0]!.id)!;
      const rearmed = await call<Alert>('PUT', `/alerts/${fired1.id}`, {
        condition: fired1.condition,
        armed: true,
        version: fired1.version,
      });
      expect(rearmed.status).toBe(200);
      const again = await Promise.all([0, 1].map(() => runAlertsAt(stack.url, rise, user.email)));
      expect(again.reduce((sum, n) => sum + n, 0)).toBe(1);
      expect(await mailTo(user.email, alertMail)).toHaveLength(3);
    });
  });
});
