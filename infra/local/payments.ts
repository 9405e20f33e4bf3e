import { STRIPE_WEBHOOK_API } from '../../core/api/stripe-webhook';
import { StripePayments } from '../../lambdas/adapters/stripe/stripe-payments';
import type { BillingConfig } from '../../lambdas/subscription/billing-service';
import type { DevStripe } from './dev-stripe';
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
  /** The product's Stripe adapter over the stand-in, as the Lambdas use it over Stripe. */
  readonly payments: StripePayments;
  /** The stand-in's prices, and where its pages send the user back (the product, once it listens). */
  readonly billing: BillingConfig;
  /** The developer controls of the test clock and cards (/dev/stripe/…). */
  readonly dev: DevStripe;
  /** Called once the product listens: sets where the user returns and where events go. */
  connect(siteUrl: string): void;
}

export interface LocalPaymentsOptions {
  readonly dataDir: string;
  /** Webhook retry delays of the stand-in (tests shorten them). */
  readonly retryDelaysMs?: readonly number[];
}

/**
 * The product's StripePayments adapter on the real `stripe` client (host, port, protocol) pointed
 * at the stand-in, verifying webhook deliveries with the local secret.
 */
export const localStripePayments = (stripePort: number): StripePayments =>
  new StripePayments({
    stripe: localStripeClient(stripePort, LOCAL_STRIPE_API_KEY, { maxNetworkRetries: 2 }),
    webhookSecret: () => Promise.resolve(LOCAL_STRIPE_WEBHOOK_SECRET),
  });

/**
 * Payments as in AWS, offline: the stand-in plays Stripe and the product talks to it through its
 * own adapter. The subscription API and the webhook are composed over them by the stack.
 */
export async function startLocalPayments(options: LocalPaymentsOptions): Promise<LocalPayments> {
  const stripe = await startLocalStripe({
    port: 0,
    dataDir: options.dataDir,
    apiKey: LOCAL_STRIPE_API_KEY,
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
  });
  let siteUrl: string | undefined;
  return {
    stripe,
    payments: localStripePayments(stripe.port),
    billing: {
      prices: stripe.prices,
      siteUrl: () =>
        siteUrl
          ? Promise.resolve(siteUrl)
          : Promise.reject(new Error('The local product is not listening yet')),
    },
    dev: {
      async advanceDays(days, email) {
        const seconds = Math.round(days * 86_400);
        let now: number;
        if (email === undefined) {
          stripe.advanceClock(seconds);
          now = stripe.now();
        } else {
          const customerId = stripe.customerIdByEmail(email);
          if (!customerId) return undefined;
          now = stripe.advanceCustomerClock(customerId, seconds);
        }
        await stripe.webhooksIdle();
        return { now };
      },
      async setCard(email, number) {
        const customerId = stripe.customerIdByEmail(email);
        if (!customerId) return false;
        stripe.setDefaultCard(customerId, number);
        return true;
      },
      async deliveries(email) {
        const customers = new Set(stripe.customerIdsByEmail(email));
        if (customers.size === 0) return undefined;
        await stripe.webhooksIdle();
        return stripe.deliveries().filter((d) => d.customer && customers.has(d.customer));
      },
    },
    connect(url) {
      siteUrl = url;
      stripe.setWebhook(localWebhookTarget(url));
    },
  };
}
