import Stripe from 'stripe';
import { stripeWebhooks } from './client';
import { newId, type StripeObject } from './state';

export interface WebhookTarget {
  readonly url: string;
  /** The endpoint's signing secret (whsec_…), as the product's webhook verifies with it. */
  readonly secret: string;
}

export interface DeliveryAttempt {
  readonly eventId: string;
  readonly type: string;
  /** The customer the event is about (every event the product handles names one). */
  readonly customer?: string;
  readonly attempt: number;
  /** The endpoint's status, or 0 when it could not be reached. */
  readonly status: number;
}

/** An event as Stripe sends and lists it (GET /v1/events). */
export type StripeEvent = StripeObject & {
  readonly type: string;
  readonly created: number;
  readonly data: { readonly object: StripeObject };
  /** Endpoints still to deliver it to: 0 once delivered, given up, or when there is none. */
  pending_webhooks: number;
};

/** Stripe's retries are hours apart; locally seconds, so a demo and a test see them happen. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Delivers events as Stripe does: POSTed as JSON with a Stripe-Signature header made by the real
 * library, retried with backoff while the endpoint answers non-2xx or cannot be reached. Events go
 * out one after another, so two deliveries never overlap.
 */
export class WebhookDelivery {
  private queue: Promise<void> = Promise.resolve();
  private readonly attempts: DeliveryAttempt[] = [];
  private closed = false;

  constructor(
    private target: WebhookTarget | undefined,
    private readonly retryDelaysMs: readonly number[] = DEFAULT_RETRY_DELAYS_MS,
  ) {}

  /**
   * Points deliveries at an endpoint: the product's server learns its own address only after the
   * stand-in is up. Events emitted before there is a target are not sent (nobody could receive
   * them), only listed.
   */
  setTarget(target: WebhookTarget): void {
    this.target = target;
  }

  /** Makes one event about this object (a copy as it is now) and sends it: answers the event. */
  emit(type: string, object: StripeObject, created: number): StripeEvent {
    const target = this.closed ? undefined : this.target;
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      type,
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: target ? 1 : 0,
      request: { id: null, idempotency_key: null },
    };
    if (target) {
      const payload = JSON.stringify(event);
      this.queue = this.queue.then(async () => {
        await this.deliver(target, event, payload);
        event.pending_webhooks = 0;
      });
    }
    return event;
  }

  private async deliver(target: WebhookTarget, event: StripeEvent, payload: string) {
    const { id: eventId, type } = event;
    const customer = event.data.object.customer;
    for (let attempt = 1; attempt <= this.retryDelaysMs.length + 1 && !this.closed; attempt += 1) {
      const header = stripeWebhooks.generateTestHeaderString({ payload, secret: target.secret });
      let status = 0;
      try {
        const answer = await fetch(target.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          body: payload,
        });
        status = answer.status;
        await answer.arrayBuffer();
      } catch {
        status = 0;
      }
      this.attempts.push({
        eventId,
        type,
        ...(typeof customer === 'string' && { customer }),
        attempt,
        status,
      });
      if (status >= 200 && status < 300) return;
      const delay = this.retryDelaysMs[attempt - 1];
      if (delay === undefined) return;
      await sleep(delay);
    }
  }

  /** Every attempt so far, in order. */
  deliveries(): readonly DeliveryAttempt[] {
    return [...this.attempts];
  }

  /** Resolves once every event emitted so far is delivered or given up. */
  idle(): Promise<void> {
    return this.queue;
  }

  close(): void {
    this.closed = true;
  }
}
