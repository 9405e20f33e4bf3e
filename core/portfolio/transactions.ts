import * as z from 'zod';
import { symbolSchema } from '../api/asset';
import { currencySchema } from '../market/fx';
import { isoDateSchema } from '../validation';

/**
 * A portfolio is the list of what happened to it: trades, income, costs and cash moved in or out.
 * Holdings, gains and returns are computed from this list (holdings.ts, value-series.ts), never
 * stored beside it, so an edited or imported transaction cannot leave a stale total behind.
 */

export const TRANSACTION_TYPES = [
  'buy',
  'sell',
  'dividend',
  'split',
  'fee',
  'deposit',
  'withdrawal',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

const amount = (what: string) =>
  z.number(`${what} must be a number`).finite(`${what} must be finite`);
const positive = (what: string) => amount(what).positive(`${what} must be greater than 0`);
const nonNegative = (what: string) => amount(what).nonnegative(`${what} must not be negative`);

const common = {
  /** Chosen by whoever records it (the import derives it from the row, so a re-import matches). */
  id: z.string().min(1, 'id is required').max(128, 'id must be at most 128 characters'),
  date: isoDateSchema,
};

/** Shares bought or sold at `price` per share; `fees` (commission, stamp duty) come on top. */
const trade = {
  ...common,
  symbol: symbolSchema,
  quantity: positive('quantity'),
  price: nonNegative('price'),
  fees: nonNegative('fees').default(0),
  currency: currencySchema,
};

export const transactionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('buy'), ...trade }),
    z.strictObject({ type: z.literal('sell'), ...trade }),
    z.strictObject({
      type: z.literal('dividend'),
      ...common,
      symbol: symbolSchema,
      /** The cash that reached the account, after tax withheld at source. */
      amount: nonNegative('amount'),
      taxWithheld: nonNegative('taxWithheld').default(0),
      currency: currencySchema,
    }),
    z.strictObject({
      type: z.literal('split'),
      ...common,
      symbol: symbolSchema,
      /** Shares held after the split per share held before: 4 for a 4-for-1, 0.1 for 1-for-10. */
      ratio: positive('ratio'),
    }),
    z.strictObject({
      type: z.literal('fee'),
      ...common,
      /** The holding the fee was charged on, if any (an account fee has none). */
      symbol: symbolSchema.optional(),
      amount: positive('amount'),
      currency: currencySchema,
    }),
    z.strictObject({
      type: z.literal('deposit'),
      ...common,
      amount: positive('amount'),
      currency: currencySchema,
    }),
    z.strictObject({
      type: z.literal('withdrawal'),
      ...common,
      amount: positive('amount'),
      currency: currencySchema,
    }),
  ],
  { error: `type must be one of ${TRANSACTION_TYPES.join(', ')}` },
);

export type Transaction = z.output<typeof transactionSchema>;
export type TransactionInput = z.input<typeof transactionSchema>;
export type TransactionOf<T extends TransactionType> = Extract<Transaction, { type: T }>;

/**
 * Transactions in the order they took effect: by date, and within one day in the order given (a
 * buy and a sell the same day keep the user's order, so the sell finds the shares).
 */
export function chronological<T extends { readonly date: string }>(list: readonly T[]): T[] {
  // Array#sort is stable, so same-day items keep their order.
  return [...list].sort((a, b) => a.date.localeCompare(b.date));
}
