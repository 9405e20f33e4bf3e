import { createHash } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { STRIPE_WEBHOOK_API } from '../../core/api/stripe-webhook';
import { Conflict, Invalid } from '../../core/domain-errors';
import {
  MalformedWebhookError,
  UnverifiedWebhookError,
  type PaymentProvider,
  type ProviderEvent,
} from '../ports/payments';
import type { WebhookEvents } from '../ports/webhook-events';
import type { WebhookOutcome } from '../shared/observability/names';
import { createContractHandler } from '../shared/contract-handler';
import type { ApiHandler } from '../shared/dispatch';
import type { BillingService } from '../subscription/billing-service';

/** The events that change a subscription; each is a notice to read it back from the provider. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** A delivery that died mid-way leaves its claim; after this long another may take over. */
export const STALE_CLAIM_MS = 5 * 60_000;

export interface StripeWebhookDeps {
  readonly payments: PaymentProvider;
  readonly billing: BillingService;
  readonly events: WebhookEvents;
  readonly now?: () => number;
  /** Told how each delivery ended (the business metric in AWS). */
  readonly onOutcome?: (outcome: WebhookOutcome) => void;
}

const header = (event: APIGatewayProxyEvent, name: string) =>
  Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

const rawBody = (event: APIGatewayProxyEvent) =>
  event.isBase64Encoded
    ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
    : (event.body ?? '');

/**
 * Applies each verified event exactly once: a conditional claim of its id in the
 * payment-webhook-events table (a duplicate answers 200 and changes nothing), then the change, then
 * the row's outcome. A failure marks the row failed and answers 5xx so the provider retries, and
 * the retry may claim it again. Events arrive late, twice and out of order: each is only a notice
 * to read the subscription back (BillingService.sync), so an old event never stores old state.
 * (Powertools' idempotency utility would serve the exactly-once part, but it deletes a failed
 * record so the retry can run; operators need the failed row to find such events.)
 */
export function createStripeWebhookApi({
  payments,
  billing,
  events,
  now = Date.now,
  onOutcome = () => undefined,
}: StripeWebhookDeps): ApiHandler {
  const apply = async (event: ProviderEvent): Promise<['applied' | 'ignored', string]> => {
    if (!HANDLED_EVENTS.has(event.type)) return ['ignored', 'not an event the product handles'];
    if (!event.subscriptionId) return ['ignored', 'names no subscription'];
    // Before the sync, so the record ends on the subscription the customer keeps.
    const ended = await billing.endDuplicates(event.subscriptionId);
    const state = await billing.sync(event.subscriptionId);
    if (!state) return ['ignored', 'a subscription of no known user'];
    if (event.type === 'invoice.payment_failed' && event.invoice)
      await billing.notifyPaymentFailed(event.subscriptionId, event.invoice);
    const duplicates = ended.length ? `; duplicates ended: ${ended.join(', ')}` : '';
    return ['applied', `subscription ${state.status}${duplicates}`];
  };

  /**
   * A signed event the product cannot read is kept in the events table (under its id, or a digest
   * of its body when it names none) so an operator finds it, and answered 4xx: a 5xx would have
   * Stripe retry the same unreadable body for three days.
   */
  const refuseMalformed = async (error: MalformedWebhookError, body: string): Promise<never> => {
    onOutcome('rejected');
    const id =
      error.eventId ?? `malformed-${createHash('sha256').update(body).digest('hex').slice(0, 32)}`;
    if ((await events.claim(id, error.eventType ?? 'unknown', now(), STALE_CLAIM_MS)) === 'claimed')
      await events.finish(id, 'malformed', now(), error.message.slice(0, 500));
    throw new Invalid(`The webhook event is malformed: ${error.message}`);
  };

  return createContractHandler(STRIPE_WEBHOOK_API, {
    receive: async ({ event: request }) => {
      let event: ProviderEvent;
      const body = rawBody(request);
      try {
        event = await payments.verifyEvent(body, header(request, 'stripe-signature'));
      } catch (error) {
        if (error instanceof MalformedWebhookError) return refuseMalformed(error, body);
        if (error instanceof UnverifiedWebhookError) {
          onOutcome('rejected');
          throw new Invalid(`The webhook signature does not verify: ${error.message}`);
        }
        throw error;
      }
      const claim = await events.claim(event.id, event.type, now(), STALE_CLAIM_MS);
      if (claim !== 'claimed') onOutcome('duplicate');
      if (claim === 'done') return { received: true };
      if (claim === 'busy')
        throw new Conflict(`Event ${event.id} is being applied by another delivery`);
      try {
        const [status, detail] = await apply(event);
        await events.finish(event.id, status, now(), detail);
        onOutcome('processed');
        return { received: true };
      } catch (error) {
        onOutcome('failed');
        await events.fail(event.id, now(), error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
  });
}
