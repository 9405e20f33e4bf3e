/**
 * What an e-mail or SMS the product sends is about: its cause. The product sends one message per
 * cause and recipient, however many times the cause is reported (two webhook events for one failed
 * invoice, one event delivered twice at once, two evaluator runs), so the cause is the business
 * fact, never the report of it (a webhook event's id).
 */
export type NotificationCause =
  /**
   * A renewal payment that failed: the invoice and the provider's attempt number (a later
   * automatic retry that fails again is a new cause; the events about one attempt are not).
   */
  | { readonly kind: 'payment-failed'; readonly invoiceId: string; readonly attempt: number }
  /** A second subscription cancelled and refunded. */
  | { readonly kind: 'duplicate-refunded'; readonly subscriptionId: string }
  /**
   * A price alert that fired: the alert and its version while armed. A fire disarms it and every
   * re-arm bumps the version, so each arming fires (and e-mails) at most once.
   */
  | { readonly kind: 'alert-fired'; readonly alertId: string; readonly armedVersion: number }
  /**
   * A symbol's Shariah verdict that changed under a standard: the symbol, the standard and the
   * number of the change (the evaluator's record of the symbol counts them), so each change is
   * told once to each holder, whichever run tells it.
   */
  | {
      readonly kind: 'verdict-changed';
      readonly symbol: string;
      readonly standard: string;
      readonly change: number;
    };

/**
 * The ledger key of a cause (the recipient is the other half: the user it is stored under). Pure,
 * so every sender derives the same key for the same cause.
 */
export function notificationKey(cause: NotificationCause): string {
  switch (cause.kind) {
    case 'payment-failed':
      return `payment-failed#${cause.invoiceId}#${cause.attempt}`;
    case 'duplicate-refunded':
      return `duplicate-refunded#${cause.subscriptionId}`;
    case 'alert-fired':
      return `alert-fired#${cause.alertId}#${cause.armedVersion}`;
    case 'verdict-changed':
      return `verdict-changed#${cause.symbol}#${cause.standard}#${cause.change}`;
  }
}

/**
 * How long a claim to send may stay unfinished before another sender may take it over: a sender
 * that died between its claim and its send must not silence the message for good.
 */
export const NOTIFICATION_CLAIM_STALE_MS = 5 * 60_000;

/**
 * How long the ledger remembers a message: beyond the provider's retries (Stripe's 3 days) and a
 * renewal's retry schedule, so a late report of an old cause still finds it sent.
 */
export const NOTIFICATION_RETENTION_MS = 35 * 86_400_000;
