/**
 * Stripe's arithmetic of a plan switch and of the customer balance, as the stand-in bills them.
 * Amounts are in the currency's minor unit; a balance is Stripe's sign (negative = credit the
 * customer has, positive = what they owe).
 */

/**
 * The credit for the unused part of a period [start, end) at `at`: the old price times the share
 * of the period left, rounded to the minor unit (Stripe rounds each proration line).
 */
export function unusedTimeCredit(amount: number, start: number, end: number, at: number): number {
  const length = Math.max(1, end - start);
  const left = Math.min(length, Math.max(0, end - at));
  return Math.round((amount * left) / length);
}

/**
 * An invoice's total against the customer's balance, as Stripe finalises it: credit pays the
 * total first and the card is charged the rest (amount due); an amount owed is added to it; a
 * negative total (credits larger than charges) is added to the credit.
 */
export function applyBalance(
  total: number,
  startingBalance: number,
): { readonly amountDue: number; readonly endingBalance: number } {
  const owed = total + startingBalance;
  return owed > 0 ? { amountDue: owed, endingBalance: 0 } : { amountDue: 0, endingBalance: owed };
}
