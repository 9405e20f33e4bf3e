import type { IncomingMessage } from 'node:http';
import * as z from 'zod';
import { readDevJson, type DevAnswer } from './dev-identity';
import { testCardOf } from './stripe/test-cards';
import type { DeliveryAttempt } from './stripe/webhook-delivery';

/** The local Stripe's developer controls (local mode only; Stripe's test clocks play this part). */
export const DEV_STRIPE_CLOCK_PATH = '/dev/stripe/clock';
export const DEV_STRIPE_CARD_PATH = '/dev/stripe/card';
export const DEV_STRIPE_DELIVERIES_PATH = '/dev/stripe/deliveries';

export interface DevStripe {
  /**
   * Moves the clock on (only the named user's, when there is one) and resolves once the events it
   * caused are delivered; undefined when the named user has no billing account.
   */
  advanceDays(days: number, email?: string): Promise<{ readonly now: number } | undefined>;
  /** Makes this card the user's default; false when the user has no billing account. */
  setCard(email: string, number: string): Promise<boolean>;
  /**
   * Once every event so far is delivered or given up: each delivery attempt of the events about
   * the user's billing account; undefined when the user has none.
   */
  deliveries(email: string): Promise<readonly DeliveryAttempt[] | undefined>;
}

const NO_BILLING_ACCOUNT = {
  status: 404,
  body: { message: 'That user has no billing account: subscribe first' },
} as const;
const email = z.email('email must be an e-mail address');

const clockRequest = z.object({
  days: z
    .number('days must be a number')
    .positive('days must be more than 0')
    .max(800, 'days must be at most 800'),
  email: email.optional(),
});
const cardRequest = z.object({
  email,
  number: z
    .string('number must be a card number')
    .refine((n) => testCardOf(n) !== undefined, 'number must be one of Stripe’s test cards'),
});

/**
 * POST /dev/stripe/clock {"days", "email"?}: renewals, failed renewals and period-end
 * cancellations happen as if that many days had passed; with an e-mail, for that user alone (on a
 * test clock of their own, as Stripe's test clocks keep customers apart), so a developer's or a
 * test's renewal moves nobody else's subscription. POST /dev/stripe/card {"email", "number"}: the
 * next renewal charges this test card (4000 0000 0000 0341 fails it). POST /dev/stripe/deliveries
 * {"email"}: once the events so far are delivered, the webhook deliveries of that user's events
 * (each attempt and the product's answer).
 */
export async function handleDevStripe(
  req: IncomingMessage,
  path: string,
  stripe: DevStripe,
): Promise<DevAnswer | undefined> {
  if (path === DEV_STRIPE_CLOCK_PATH) {
    const parsed = await readDevJson(req, clockRequest, '{"days": 31}');
    if (!('data' in parsed)) return parsed;
    const moved = await stripe.advanceDays(parsed.data.days, parsed.data.email);
    return moved ? { status: 200, body: moved } : NO_BILLING_ACCOUNT;
  }
  if (path === DEV_STRIPE_CARD_PATH) {
    const parsed = await readDevJson(req, cardRequest, '{"email": "…", "number": "4242 …"}');
    if (!('data' in parsed)) return parsed;
    const set = await stripe.setCard(parsed.data.email, parsed.data.number);
    return set ? { status: 200, body: { ok: true } } : NO_BILLING_ACCOUNT;
  }
  if (path === DEV_STRIPE_DELIVERIES_PATH) {
    const parsed = await readDevJson(req, z.object({ email }), '{"email": "…"}');
    if (!('data' in parsed)) return parsed;
    const deliveries = await stripe.deliveries(parsed.data.email);
    return deliveries ? { status: 200, body: { deliveries } } : NO_BILLING_ACCOUNT;
  }
  return undefined;
}
