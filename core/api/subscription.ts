import * as z from 'zod';
import {
  PAID_PLANS,
  type CheckoutConfirmation,
  type InvoiceSummary,
  type PlanOffer,
  type SubscriptionState,
} from '../subscription';
import type { PermissionLookupAnswer, UserRecord } from '../user-record';
import { emailSchema } from '../validation';
import { answers, defineApi } from './contract';

/** SPEC §7: the body names the caller's own e-mail (the record is found by the token's sub). */
export const ownEmailBody = z.object({ email: emailSchema });
export const planBody = z.object({
  plan: z.enum(PAID_PLANS, `plan must be one of ${PAID_PLANS.join(', ')}`),
});
export const confirmCheckoutBody = z.object({
  sessionId: z.string().regex(/^cs_\w{1,250}$/, 'sessionId is not a checkout session id'),
});

const own = { auth: 'cognito', cache: 'no-store' } as const;

/**
 * The subscription API (/api/subscription, SPEC §7): the caller's own user details and
 * subscription, the §7 permission lookup, and the subscription business (plans, checkout and its
 * confirmation, cancel and resume, plan switch, billing portal, invoices). Cognito ID token
 * required; never another user's.
 */
export const SUBSCRIPTION_API = defineApi({
  name: 'subscription',
  prefix: '/api/subscription',
  endpoints: {
    user: {
      ...own,
      method: 'POST',
      path: '/user',
      body: ownEmailBody,
      answer: answers<UserRecord>(),
    },
    permissions: {
      ...own,
      method: 'POST',
      path: '/permissions',
      body: ownEmailBody,
      answer: answers<PermissionLookupAnswer>(),
    },
    plans: { ...own, method: 'GET', path: '/plans', answer: answers<readonly PlanOffer[]>() },
    checkout: {
      ...own,
      method: 'POST',
      path: '/checkout',
      body: planBody,
      answer: answers<{ readonly url: string }>(),
    },
    confirmCheckout: {
      ...own,
      method: 'POST',
      path: '/checkout/confirm',
      body: confirmCheckoutBody,
      answer: answers<CheckoutConfirmation>(),
    },
    cancel: { ...own, method: 'POST', path: '/cancel', answer: answers<SubscriptionState>() },
    resume: { ...own, method: 'POST', path: '/resume', answer: answers<SubscriptionState>() },
    changePlan: {
      ...own,
      method: 'POST',
      path: '/plan',
      body: planBody,
      answer: answers<SubscriptionState>(),
    },
    portal: {
      ...own,
      method: 'POST',
      path: '/portal',
      answer: answers<{ readonly url: string }>(),
    },
    invoices: {
      ...own,
      method: 'GET',
      path: '/invoices',
      answer: answers<readonly InvoiceSummary[]>(),
    },
  },
});
