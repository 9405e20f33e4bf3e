import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { STRIPE_WEBHOOK_API } from '../../core/api/stripe-webhook';
import { PAYMENT_WEBHOOK_EVENTS_TABLE } from '../../core/tables';
import { DynamoDbWebhookEvents } from '../../lambdas/adapters/dynamodb/webhook-events';
import { StripePayments } from '../../lambdas/adapters/stripe/stripe-payments';
import type { UsersRepository } from '../../lambdas/ports/users-repository';
import { createStripeWebhookApi } from '../../lambdas/stripe-webhook/app';
import { BillingService, type BillingConfig } from '../../lambdas/subscription/billing-service';
import type { EmailSender } from '../../lambdas/ports/email-sender';
import type { WebhookEvents } from '../../lambdas/ports/webhook-events';
import { localApi, type LocalApi } from './api-gateway';
import type { DevStripe } from './dev-stripe';
import type { Outbox } from './outbox';
import { OutboxEmailSender } from './outbox-email-sender';
import { localStripeClient } from './stripe/client';
import { startLocalStripe, type LocalStripe } from './stripe/server';

/**
 * The local Stripe's test keys (README, "Payments locally"): not secrets — they open only the
 * stand-in on this machine, and anyone may sign their own test events with the webhook secret.
 */
export const LOCAL_STRIPE_API_KEY = 'sk_test_stockscope_local';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_stockscope_local';

/** Where the local Stripe sends its events: the product's webhook, signed with the local secret. */
export const localWebhookTarget = (siteUrl: string) => ({
  url: `${siteUrl}${STRIPE_WEBHOOK_API.prefix}${STRIPE_WEBHOOK_API.endpoints.receive.path}`,
  secret: LOCAL_STRIPE_WEBHOOK_SECRET,
});

export interface LocalPayments {
  readonly stripe: LocalStripe;
  readonly billing: BillingService;
  /** The webhook API (POST /api/stripe/webhook), the same factory as the Lambda's. */
  readonly webhookApi: LocalApi;
  /** The developer controls of the test clock and cards (/dev/stripe/…). */
  readonly dev: DevStripe;
  /** Called once the product listens: sets where the user returns and where events go. */
  connect(siteUrl: string): void;
}

export interface LocalPaymentsOptions {
  readonly dataDir: string;
  readonly users: UsersRepository;
  readonly documentClient: DynamoDBDocumentClient;
  readonly outbox: Outbox;
  /** Webhook retry delays of the stand-in (tests shorten them). */
  readonly retryDelaysMs?: readonly number[];
}

/**
 * Payments as in AWS, offline: the stand-in plays Stripe, the product's own StripePayments adapter
 * talks to it through the real `stripe` client (host, port, protocol), e-mails go to the outbox,
 * and webhook events are claimed in the local payment-webhook-events table.
 */
/**
 * The billing service and the webhook API over the stand-in, as the Lambdas compose them in AWS:
 * the product's StripePayments adapter on the real client, verifying with the local secret.
 */
export function localBilling(options: {
  readonly stripePort: number;
  readonly prices: BillingConfig['prices'];
  readonly users: UsersRepository;
  readonly email: EmailSender;
  readonly siteUrl: BillingConfig['siteUrl'];
  readonly events: WebhookEvents;
}): { readonly billing: BillingService; readonly webhookApi: LocalApi } {
  const payments = new StripePayments({
    stripe: localStripeClient(options.stripePort, LOCAL_STRIPE_API_KEY, { maxNetworkRetries: 2 }),
    webhookSecret: () => Promise.resolve(LOCAL_STRIPE_WEBHOOK_SECRET),
  });
  const billing = new BillingService({
    users: options.users,
    payments,
    email: options.email,
    config: { prices: options.prices, siteUrl: options.siteUrl },
  });
  const api = createStripeWebhookApi({ payments, billing, events: options.events });
  return { billing, webhookApi: localApi(STRIPE_WEBHOOK_API, api) };
}

export async function startLocalPayments(options: LocalPaymentsOptions): Promise<LocalPayments> {
  const stripe = await startLocalStripe({
    port: 0,
    dataDir: options.dataDir,
    apiKey: LOCAL_STRIPE_API_KEY,
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
  });
  let siteUrl: string | undefined;
  const { billing, webhookApi } = localBilling({
    stripePort: stripe.port,
    prices: stripe.prices,
    users: options.users,
    email: new OutboxEmailSender(options.outbox),
    siteUrl: () =>
      siteUrl
        ? Promise.resolve(siteUrl)
        : Promise.reject(new Error('The local product is not listening yet')),
    events: new DynamoDbWebhookEvents(
      options.documentClient,
      PAYMENT_WEBHOOK_EVENTS_TABLE.localName,
    ),
  });
  return {
    stripe,
    billing,
    webhookApi,
    dev: {
      async advanceDays(days) {
        stripe.advanceClock(Math.round(days * 86_400));
        await stripe.webhooksIdle();
        return { now: stripe.now() };
      },
      async setCard(email, number) {
        const customerId = stripe.customerIdByEmail(email);
        if (!customerId) return false;
        stripe.setDefaultCard(customerId, number);
        return true;
      },
    },
    connect(url) {
      siteUrl = url;
      stripe.setWebhook(localWebhookTarget(url));
    },
  };
}
