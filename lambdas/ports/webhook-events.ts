/**
 * The provider's events as they were received (the payment-webhook-events table): each event is
 * applied at most once, and its row says how that went, so an operator can find the failures.
 */
export type WebhookEventStatus = 'processing' | 'applied' | 'ignored' | 'malformed' | 'failed';

/** How an event ended for good: applied, ignored, or signed but unreadable (never retried). */
export type WebhookEventSettlement = 'applied' | 'ignored' | 'malformed';

export interface WebhookEventRecord {
  readonly eventId: string;
  readonly type: string;
  readonly status: WebhookEventStatus;
  /** How many deliveries reached the handler (a retry after a failure adds one). */
  readonly attempts: number;
  /** ISO instants. */
  readonly receivedAt: string;
  readonly finishedAt?: string;
  /** Why it failed (for operators; never personal data). */
  readonly error?: string;
  /** Why it was ignored or malformed, or what it changed. */
  readonly detail?: string;
}

export type ClaimResult =
  /** This delivery applies the event. */
  | 'claimed'
  /** Already applied or ignored: nothing to do, answer 2xx. */
  | 'done'
  /** Another delivery is applying it right now: answer a retryable failure. */
  | 'busy';

export interface WebhookEvents {
  /**
   * Claims the event for this delivery with a conditional write: new, or failed before, or left
   * 'processing' longer than `staleMs` by a delivery that died.
   */
  claim(eventId: string, type: string, now: number, staleMs: number): Promise<ClaimResult>;
  finish(
    eventId: string,
    status: WebhookEventSettlement,
    now: number,
    detail?: string,
  ): Promise<void>;
  fail(eventId: string, now: number, error: string): Promise<void>;
  get(eventId: string): Promise<WebhookEventRecord | undefined>;
}
