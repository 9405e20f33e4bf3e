import type { Money, PaidPlan } from './subscription';

/**
 * The checkout a user has open, or is opening, kept on their record so that however often they
 * click (or however many tabs they have) at most one payable checkout exists for them: the
 * request that claims the record creates the provider's session, every other one answers it.
 */
export interface CheckoutClaim {
  readonly plan: PaidPlan;
  /** ISO instant the claim was taken. */
  readonly claimedAt: string;
  /** The provider's session, once the claiming request has made it. */
  readonly session?: {
    readonly id: string;
    readonly url: string;
    /** ISO instant the provider stops taking payment on it. */
    readonly expiresAt: string;
  };
}

/**
 * How long a claim may stay without its session before it counts as abandoned (the request that
 * took it died between claiming and storing the session; making one takes a second or two).
 */
export const PENDING_CLAIM_MS = 30_000;

/** The provider's word on the claim's session: open (payable), complete, or expired. */
export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

export type CheckoutStep =
  /** No live claim (none, abandoned, or its session can no longer be paid): take it anew. */
  | { readonly kind: 'claim' }
  /** Another request is making the session: wait for it and read again. */
  | { readonly kind: 'wait' }
  /** The open session is for this plan: answer it. */
  | { readonly kind: 'reuse'; readonly url: string }
  /** The open session is for the other plan: expire it, then take the claim anew. */
  | { readonly kind: 'replace'; readonly expire: string };

/**
 * What a checkout request for `plan` does given the stored claim. `status` is the provider's
 * status of the claim's session (undefined when it was not asked, e.g. it expired by time).
 */
export function checkoutStep(
  claim: CheckoutClaim | null | undefined,
  plan: PaidPlan,
  now: number,
  status: CheckoutSessionStatus | undefined,
): CheckoutStep {
  if (!claim) return { kind: 'claim' };
  const { session } = claim;
  if (!session) {
    return now - Date.parse(claim.claimedAt) < PENDING_CLAIM_MS
      ? { kind: 'wait' }
      : { kind: 'claim' };
  }
  if (Date.parse(session.expiresAt) <= now || status !== 'open') return { kind: 'claim' };
  return claim.plan === plan
    ? { kind: 'reuse', url: session.url }
    : { kind: 'replace', expire: session.id };
}

/** A subscription as the duplicate rule sees it. */
export interface RunningSubscription {
  readonly id: string;
  /** Epoch milliseconds. */
  readonly created: number;
}

/**
 * A customer with more than one running subscription pays twice for one product: the oldest one
 * stays (on a tie, the one the user's record holds), every newer one is cancelled and refunded.
 * Answers the one kept and those to end.
 */
export function duplicateSubscriptions(
  running: readonly RunningSubscription[],
  heldId?: string,
): { readonly keep: string; readonly cancel: readonly string[] } | undefined {
  if (running.length < 2) return undefined;
  const order = [...running].sort(
    (a, b) =>
      a.created - b.created ||
      Number(b.id === heldId) - Number(a.id === heldId) ||
      a.id.localeCompare(b.id),
  );
  return { keep: order[0]!.id, cancel: order.slice(1).map((s) => s.id) };
}

/** The record of a duplicate subscription ended and refunded (kept on the user's record). */
export interface DuplicateRefund {
  readonly subscriptionId: string;
  /** The subscription the user keeps. */
  readonly keptSubscriptionId: string;
  /** The provider's refund; null when the subscription had no payment to refund. */
  readonly refundId: string | null;
  readonly amount: Money | null;
  /** ISO instant. */
  readonly at: string;
}
