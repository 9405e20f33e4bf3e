/**
 * Plans, the subscription state kept on a user's record, and the one rule that maps it to what the
 * user may do (SPEC §1: a paid subscription through a card payment provider; price, amounts and
 * plans are not shown there). The SPA and every server handler use `entitlementsOf`; the server
 * enforces it.
 */

/** Premium is billed monthly or yearly; its prices are the payment provider's (Stripe Prices). */
export const PAID_PLANS = ['premium_monthly', 'premium_yearly'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export type Tier = 'free' | 'premium';

export const PLAN_NAMES: Readonly<Record<PaidPlan, string>> = {
  premium_monthly: 'Premium, billed monthly',
  premium_yearly: 'Premium, billed yearly',
};

/** A paid plan's billing interval. */
export const intervalOf = (plan: PaidPlan): 'month' | 'year' =>
  plan === 'premium_yearly' ? 'year' : 'month';

/** The plan a price's billing interval stands for. */
export const planOfInterval = (interval: 'month' | 'year'): PaidPlan =>
  interval === 'year' ? 'premium_yearly' : 'premium_monthly';

/** The provider's subscription statuses (Stripe's). */
export type SubscriptionStatus =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'incomplete'
  | 'incomplete_expired'
  | 'unpaid'
  | 'canceled'
  | 'paused';

/** A price as the user sees it: minor units (cents) and ISO currency. */
export interface Money {
  readonly amount: number;
  readonly currency: string;
}

export interface CardSummary {
  readonly brand: string;
  readonly last4: string;
}

/** What the users table keeps of a user's subscription (the record's `subscription`). */
export interface SubscriptionState {
  readonly subscriptionId: string;
  readonly customerId: string;
  readonly plan: PaidPlan;
  readonly status: SubscriptionStatus;
  readonly price: Money;
  /** ISO instant the current period ends: the renewal date, or the end date when cancelling. */
  readonly currentPeriodEnd: string;
  readonly cancelAtPeriodEnd: boolean;
  readonly card: CardSummary | null;
  /** ISO instant the subscription fell past due (a renewal failed), while it is. */
  readonly pastDueSince?: string;
  /**
   * Credit on the account the next invoices use up (a switch credited more than it charged):
   * absent when there is none.
   */
  readonly credit?: Money;
  /**
   * Epoch ms the provider's object was read at: of two writes, only the later read wins, so an
   * event handled late never overwrites newer state.
   */
  readonly observedAt: number;
}

/** A failed renewal keeps Premium this long (the provider retries the card meanwhile). */
export const PAST_DUE_GRACE_DAYS = 7;
const DAY_MS = 86_400_000;

/** ISO instant a past-due subscription's grace period ends (Premium until then); none if not. */
export function graceEndOf(subscription: SubscriptionState): string | undefined {
  if (subscription.status !== 'past_due' || !subscription.pastDueSince) return undefined;
  return new Date(
    Date.parse(subscription.pastDueSince) + PAST_DUE_GRACE_DAYS * DAY_MS,
  ).toISOString();
}

/**
 * Trialing, active, and past due within the grace period count as Premium; incomplete, unpaid,
 * canceled (and anything else) count as Free.
 */
export function tierOf(subscription: SubscriptionState | null | undefined, now: number): Tier {
  if (!subscription) return 'free';
  const { status, pastDueSince } = subscription;
  if (status === 'trialing' || status === 'active') return 'premium';
  if (status === 'past_due') {
    const since = pastDueSince ? Date.parse(pastDueSince) : now;
    return now - since <= PAST_DUE_GRACE_DAYS * DAY_MS ? 'premium' : 'free';
  }
  return 'free';
}

export interface Entitlements {
  readonly tier: Tier;
  readonly watchlists: number;
  readonly symbolsPerWatchlist: number;
  readonly alerts: number;
  readonly comparedStocks: number;
  readonly savedScreens: number;
  readonly portfolios: number;
  /** Symbols a portfolio may hold at once (closed positions do not count). */
  readonly holdingsPerPortfolio: number;
  /** The earnings, dividend and split calendar. */
  readonly calendar: boolean;
  /** CSV exports of screens, watchlists and alerts. */
  readonly exports: boolean;
}

export const ENTITLEMENTS: Readonly<Record<Tier, Entitlements>> = {
  free: {
    tier: 'free',
    watchlists: 1,
    symbolsPerWatchlist: 20,
    alerts: 3,
    comparedStocks: 2,
    savedScreens: 1,
    portfolios: 1,
    holdingsPerPortfolio: 20,
    calendar: false,
    exports: false,
  },
  premium: {
    tier: 'premium',
    watchlists: 20,
    symbolsPerWatchlist: 200,
    alerts: 100,
    comparedStocks: 6,
    savedScreens: 50,
    portfolios: 20,
    holdingsPerPortfolio: 500,
    calendar: true,
    exports: true,
  },
};

/** What a user with this subscription may do now. */
export const entitlementsOf = (
  subscription: SubscriptionState | null | undefined,
  now: number,
): Entitlements => ENTITLEMENTS[tierOf(subscription, now)];

/** What a user sees of a limit they reached: why, and what unlocks more. */
export function limitReachedText(what: string, limit: number, tier: Tier): string {
  const more = tier === 'free' ? ' Upgrade to Premium for more.' : '';
  // Worded so that any number reads right ("… is 1.", "… is 20.").
  return `Your plan’s limit of ${what} is ${limit}.${more}`;
}

/** The feature `exports` grants, as the upgrade prompt names it. */
export const EXPORTS_FEATURE_NAME = 'CSV export';

/** What a user sees of a feature their plan does not include. */
export const premiumOnlyText = (feature: string): string =>
  `${feature} is part of Premium. Upgrade to use it.`;

/** A paid plan as offered: its price (the provider's) and billing interval. */
export interface PlanOffer {
  readonly plan: PaidPlan;
  readonly price: Money;
  readonly interval: 'month' | 'year';
}

/** An invoice as the profile lists it, with its PDF. */
export interface InvoiceSummary {
  readonly id: string;
  readonly number: string | null;
  readonly status: string;
  readonly total: Money;
  /** What the card paid: the total less the credit applied. */
  readonly amountPaid: Money;
  /** Credit from the account's balance that paid part or all of it. */
  readonly creditApplied: Money;
  /** Credit it added to the balance (its credits exceeded its charges). */
  readonly creditAdded: Money;
  /** ISO instant. */
  readonly created: string;
  readonly pdfUrl: string | null;
  readonly hostedUrl: string | null;
}

/**
 * What /payment-success learns of a checkout: confirmed once the provider says it is paid and the
 * subscription is stored. `completed` tells the two waits apart: false, the customer never finished
 * the checkout (no payment was taken, nothing to wait for); true but not confirmed, the payment is
 * still being processed.
 */
export interface CheckoutConfirmation {
  readonly confirmed: boolean;
  readonly completed: boolean;
  readonly subscription: SubscriptionState | null;
}

/** A Checkout Session's id as the provider writes it into the success URL. */
export const CHECKOUT_SESSION_ID = /^cs_\w{1,250}$/;

/**
 * A subscription the provider still runs: it can be cancelled at period end, resumed or switched,
 * and it bills on. Canceled and incomplete_expired are over (a new checkout starts another).
 */
export const isRunning = (subscription: SubscriptionState | null | undefined): boolean =>
  !!subscription && !hasEnded(subscription.status);

/** Statuses after which a subscription never changes again (Stripe's). */
export const hasEnded = (status: SubscriptionStatus): boolean =>
  status === 'canceled' || status === 'incomplete_expired';

/** Each status as the user reads it. */
export const STATUS_LABELS: Readonly<Record<SubscriptionStatus, string>> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  incomplete: 'Waiting for the first payment',
  incomplete_expired: 'Expired before the first payment',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  paused: 'Paused',
};
