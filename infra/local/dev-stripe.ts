import type { IncomingMessage } from 'node:http';
import * as z from 'zod';
import { readDevJson, type DevAnswer } from './dev-identity';
import { testCardOf } from './stripe/test-cards';

/** The local Stripe's developer controls (local mode only; Stripe's test clocks play this part). */
export const DEV_STRIPE_CLOCK_PATH = '/dev/stripe/clock';
export const DEV_STRIPE_CARD_PATH = '/dev/stripe/card';

export interface DevStripe {
  /** Moves the test clock on and resolves once the events it caused are delivered. */
  advanceDays(days: number): Promise<{ readonly now: number }>;
  /** Makes this card the user's default; false when the user has no billing account. */
  setCard(email: string, number: string): Promise<boolean>;
}

const clockRequest = z.object({
  days: z
    .number('days must be a number')
    .positive('days must be more than 0')
    .max(800, 'days must be at most 800'),
});
const cardRequest = z.object({
  email: z.email('email must be an e-mail address'),
  number: z
    .string('number must be a card number')
    .refine((n) => testCardOf(n) !== undefined, 'number must be one of Stripe’s test cards'),
});

/**
 * POST /dev/stripe/clock {"days"}: renewals, failed renewals and period-end cancellations happen
 * as if that many days had passed. POST /dev/stripe/card {"email", "number"}: the next renewal
 * charges this test card (4000 0000 0000 0341 fails it).
 */
export async function handleDevStripe(
  req: IncomingMessage,
  path: string,
  stripe: DevStripe,
): Promise<DevAnswer | undefined> {
  if (path === DEV_STRIPE_CLOCK_PATH) {
    const parsed = await readDevJson(req, clockRequest, '{"days": 31}');
    if (!('data' in parsed)) return parsed;
    return { status: 200, body: await stripe.advanceDays(parsed.data.days) };
  }
  if (path === DEV_STRIPE_CARD_PATH) {
    const parsed = await readDevJson(req, cardRequest, '{"email": "…", "number": "4242 …"}');
    if (!('data' in parsed)) return parsed;
    const set = await stripe.setCard(parsed.data.email, parsed.data.number);
    return set
      ? { status: 200, body: { ok: true } }
      : { status: 404, body: { message: 'That user has no billing account: subscribe first' } };
  }
  return undefined;
}
