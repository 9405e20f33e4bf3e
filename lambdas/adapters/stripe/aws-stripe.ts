import { PAID_PLANS, type PaidPlan } from '../../../core/subscription';
import { requiredEnv } from '../dynamodb/document-client';
import { cachedSecret } from '../secrets/cached-secret';
import { StripePayments } from './stripe-payments';
import { awsClientOptions } from '../aws/client-options';

/** Secrets Manager secrets (ARNs in the environment): the API key and the webhook signing secret. */
export const STRIPE_API_KEY_SECRET_ENV = 'STRIPE_API_KEY_SECRET';
export const STRIPE_WEBHOOK_SECRET_ENV = 'STRIPE_WEBHOOK_SECRET';
/** What the stacks put in those secrets until an operator sets the real values. */
export const STRIPE_SECRET_PLACEHOLDER = 'REPLACE-WITH-STRIPE-SECRET';
/** The Stripe Price id of each paid plan (CDK context stripePriceMonthly / stripePriceYearly). */
export const STRIPE_PRICE_ENV: Readonly<Record<PaidPlan, string>> = {
  premium_monthly: 'STRIPE_PRICE_PREMIUM_MONTHLY',
  premium_yearly: 'STRIPE_PRICE_PREMIUM_YEARLY',
};
/**
 * The SSM parameter holding the site's origin (the CloudFront domain). A parameter, not an
 * environment variable: the function cannot name the distribution that routes to its own API.
 */
export const SITE_URL_PARAMETER_ENV = 'SITE_URL_PARAMETER';

const secret = (envName: string) =>
  cachedSecret(requiredEnv(envName), (value) => {
    const text = value.trim();
    if (!text || text === STRIPE_SECRET_PLACEHOLDER) {
      throw new Error(`The Stripe secret ${requiredEnv(envName)} is not set`);
    }
    return text;
  });

/** AWS composition of the payment adapter: the real Stripe, its key from Secrets Manager. */
export function awsStripePayments({ webhooks = false } = {}): StripePayments {
  const apiKey = secret(STRIPE_API_KEY_SECRET_ENV);
  return new StripePayments({
    // Imported when a payment route first needs it: the other routes' cold start skips the client.
    stripe: async () => {
      const { default: Stripe } = await import('stripe');
      return new Stripe(await apiKey(), { maxNetworkRetries: 2 });
    },
    ...(webhooks && { webhookSecret: secret(STRIPE_WEBHOOK_SECRET_ENV) }),
  });
}

export const awsStripePrices = (): Record<PaidPlan, string> =>
  Object.fromEntries(
    PAID_PLANS.map((plan) => [plan, requiredEnv(STRIPE_PRICE_ENV[plan])]),
  ) as Record<PaidPlan, string>;

/** The site's origin from its SSM parameter, read once per container. */
export function awsSiteUrl(): () => Promise<string> {
  let cached: Promise<string> | undefined;
  return () => {
    cached ??= import('@aws-sdk/client-ssm')
      .then(({ SSMClient, GetParameterCommand }) =>
        new SSMClient(awsClientOptions()).send(
          new GetParameterCommand({ Name: requiredEnv(SITE_URL_PARAMETER_ENV) }),
        ),
      )
      .then(({ Parameter }) => {
        if (!Parameter?.Value) throw new Error('The site URL parameter is empty');
        return Parameter.Value.replace(/\/+$/, '');
      })
      .catch((error: unknown) => {
        cached = undefined;
        throw error;
      });
    return cached;
  };
}
