import type { EmailSender } from '../ports/email-sender';
import type { NotificationLedger } from '../ports/notification-ledger';
import type { PaymentProvider } from '../ports/payments';
import type { UsersRepository } from '../ports/users-repository';
import type { WebhookEvents } from '../ports/webhook-events';
import type { ApiHandler } from '../shared/dispatch';
import { BillingService, type BillingConfig } from '../subscription/billing-service';
import { createStripeWebhookApi, type StripeWebhookDeps } from './app';

/** What the Stripe webhook runs on. */
export interface StripeWebhookPorts {
  readonly users: UsersRepository;
  /** The payment-webhook-events table: each event is applied once. */
  readonly events: WebhookEvents;
  /** Stripe (verifying each delivery with the webhook's signing secret), and its prices. */
  readonly payments: PaymentProvider;
  readonly billing: BillingConfig;
  /** Billing's e-mails, each sent once per cause (the notification ledger, in the users table). */
  readonly email: EmailSender;
  readonly notices: NotificationLedger;
  readonly onOutcome?: StripeWebhookDeps['onOutcome'];
}

/** The Stripe webhook (REST), for AWS's Lambda and the local stack. */
export function composeStripeWebhookApi(ports: StripeWebhookPorts): ApiHandler {
  const { users, payments, events, onOutcome } = ports;
  const billing = new BillingService({
    users,
    payments,
    email: ports.email,
    notices: ports.notices,
    config: ports.billing,
  });
  return createStripeWebhookApi({ payments, billing, events, ...(onOutcome && { onOutcome }) });
}
