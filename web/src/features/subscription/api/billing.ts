import type { PaidPlan } from '@core/subscription';
import { subscriptionApi } from '../../../lib/apis/subscription';
import { callAsUser } from '../../../lib/auth/call-as-user';

/*
 * The subscription API's billing endpoints (core/api/subscription-routes.ts) as the signed-in
 * user. Queries retry through TanStack Query; changes are not retried, so a click never runs
 * twice (a second checkout, a second switch).
 */

/** GET /plans: the paid plans with the provider's prices. */
export const getPlans = () => callAsUser(subscriptionApi, 'plans');

/** GET /invoices: the user's invoices, newest first, with their PDFs. */
export const getInvoices = () => callAsUser(subscriptionApi, 'invoices');

/** POST /checkout: the provider's hosted checkout page for this plan. */
export const startCheckout = (plan: PaidPlan) =>
  callAsUser(subscriptionApi, 'checkout', { body: { plan } });

/** POST /checkout/confirm: whether the checkout the provider returned from is paid. */
export const confirmCheckout = (sessionId: string) =>
  callAsUser(subscriptionApi, 'confirmCheckout', { body: { sessionId } });

/** POST /cancel or /resume: cancel at the end of the period, or take that back. */
export const setCancelAtPeriodEnd = (cancel: boolean) =>
  callAsUser(subscriptionApi, cancel ? 'cancel' : 'resume');

/** GET /plan/preview: what switching to this plan costs today, and the credit it leaves. */
export const previewPlanChange = (plan: PaidPlan) =>
  callAsUser(subscriptionApi, 'previewPlan', { query: { plan } });

/**
 * POST /plan: switch the billing interval, prorated at the instant of the preview the user
 * confirmed (so the charge is the one shown).
 */
export const changePlan = (plan: PaidPlan, prorationDate?: number) =>
  callAsUser(subscriptionApi, 'changePlan', {
    body: prorationDate === undefined ? { plan } : { plan, prorationDate },
  });

/** POST /portal: a billing-portal session (card, invoices, cancellation) at the provider. */
export const openBillingPortal = () => callAsUser(subscriptionApi, 'portal');
