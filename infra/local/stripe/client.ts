import Stripe from 'stripe';
import { LOOPBACK_HOST } from '../loopback';

/**
 * The real `stripe` client pointed at the local stand-in (host, port and protocol): the product's
 * local composition and the tests reach it the same way AWS reaches Stripe.
 */
export const localStripeClient = (
  port: number,
  apiKey: string,
  config: Stripe.StripeConfig = {},
): Stripe => new Stripe(apiKey, { ...config, host: LOOPBACK_HOST, port, protocol: 'http' });

/**
 * The stripe library's own webhook signer and verifier (an instance's: its key never calls
 * Stripe). The stand-in signs its events with it, and tests sign their own.
 */
export const stripeWebhooks = new Stripe('sk_test_signer').webhooks;
