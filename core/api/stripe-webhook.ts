import { answers, defineApi } from './contract';

/**
 * The payment provider's webhook (/api/stripe/webhook): no Cognito auth — the provider's signature
 * on the raw body is the proof (verified by the handler with the provider's library, 300 s
 * tolerance). A 2xx says the event is done (applied now or before); anything else asks for a retry.
 */
export const STRIPE_WEBHOOK_API = defineApi({
  name: 'stripe',
  prefix: '/api/stripe',
  endpoints: {
    receive: {
      method: 'POST',
      path: '/webhook',
      auth: 'none',
      cache: 'no-store',
      answer: answers<{ readonly received: boolean }>(),
    },
  },
});
