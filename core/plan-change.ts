/**
 * A change of billing interval in money: what the provider's preview of the switch says it costs
 * today, the credit it gives for the unused time, and the customer's credit balance (the part of a
 * credit larger than a charge, which the provider keeps and takes off the next invoices). Amounts
 * are in the currency's minor unit (cents), as the provider counts them.
 */
import type { Money, PaidPlan } from './subscription';

/** What the switch dialog shows before the user confirms (GET /plan/preview). */
export interface PlanChangePreview {
  readonly plan: PaidPlan;
  /**
   * The provider's instant (epoch seconds) the proration is worked out at. The switch names it
   * back, so it charges exactly what the preview said.
   */
  readonly prorationDate: number;
  /** The new plan's price for the period that starts today. */
  readonly newPrice: Money;
  /** The credit for the unused part of the current period (a positive amount). */
  readonly prorationCredit: Money;
  /** Credit already on the account that pays part of today's charge. */
  readonly balanceApplied: Money;
  /** What the card is charged today. */
  readonly amountDue: Money;
  /** The account's credit balance before the switch. */
  readonly creditBefore: Money;
  /** The credit balance after the switch (taken off the next invoices). */
  readonly creditAfter: Money;
}

/** How long a preview's proration instant stays good for the switch it was shown for. */
export const PRORATION_QUOTE_SECONDS = 15 * 60;

/**
 * Whether a switch may be prorated at `requested` (a preview's instant) when the provider's time is
 * `providerNow`: not in the future, and not older than the quote lasts. An older instant would
 * credit more unused time than is left, so it is refused, never moved.
 */
export const isProrationDateCurrent = (requested: number, providerNow: number): boolean =>
  requested <= providerNow && providerNow - requested <= PRORATION_QUOTE_SECONDS;

/** The credit in a provider balance (negative = credit, positive = owed): 0 when there is none. */
export const creditOfBalance = (balance: number): number => Math.max(0, -balance);

/**
 * What an invoice did to the credit balance, from the balance before and after it: credit it used
 * to pay itself, and credit it added (an invoice whose credits exceed its charges).
 */
export function invoiceCredit(
  startingBalance: number,
  endingBalance: number,
): { readonly applied: number; readonly added: number } {
  const before = creditOfBalance(startingBalance);
  const after = creditOfBalance(endingBalance);
  return { applied: Math.max(0, before - after), added: Math.max(0, after - before) };
}

export const SWITCH_NEW_PLAN_LABEL = 'New plan from today';
export const SWITCH_CREDIT_LABEL = 'Credit for the unused time';
export const SWITCH_BALANCE_APPLIED_LABEL = 'Credit balance applied';
export const SWITCH_DUE_TODAY_LABEL = 'Due today';
export const SWITCH_CREDIT_AFTER_LABEL = 'Credit left for your next invoices';
export const SWITCH_PREVIEW_LOADING_TEXT = 'Working out what the switch costs…';
export const SWITCH_PREVIEW_FAILED_TEXT = 'We could not work out what the switch costs.';
export const SWITCH_QUOTE_STALE_TEXT =
  'The amounts shown are out of date: review them and confirm again.';

/** What the switch dialog says of the new billing period. */
export const switchPeriodText = (price: string, interval: 'month' | 'year'): string =>
  `A new billing period starts today at ${price} per ${interval}. The unused part of your ` +
  'current period is credited; credit beyond today’s charge stays on your account and pays your ' +
  'next invoices.';

/** The profile's credit balance, beside the plan. */
export const CREDIT_BALANCE_LABEL = 'Credit balance';
export const creditBalanceText = (credit: string): string =>
  `${credit}, taken off your next invoices`;

/** The invoices list's credit column. */
export const INVOICE_CREDIT_HEADER = 'Credit';
export const creditAppliedText = (amount: string): string => `${amount} applied`;
export const creditAddedText = (amount: string): string => `${amount} added to your balance`;

/** Cancelling at period end, asked before it is done. */
export const CANCEL_TITLE = 'Cancel your subscription?';
export const CANCEL_CONFIRM_LABEL = 'Cancel subscription';
export const CANCEL_KEEP_LABEL = 'Keep Premium';
export const cancelText = (end: string): string =>
  `Premium stays until ${end} and is then not renewed. You can resume it until then; nothing is ` +
  'charged again.';
