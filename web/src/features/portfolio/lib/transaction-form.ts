import type { FieldErrors, Resolver } from 'react-hook-form';
import { transactionEntrySchema } from '@core/api/portfolios';
import type { Currency } from '@core/market/fx';
import type { TransactionType } from '@core/portfolio/transactions';
import type { StoredTransaction, TransactionEntry } from '@core/portfolios';

/** The transaction form's fields, as typed (text); the entry is built from those its type uses. */
export interface TransactionFormValues {
  type: TransactionType;
  date: string;
  symbol: string;
  quantity: string;
  price: string;
  fees: string;
  amount: string;
  taxWithheld: string;
  ratio: string;
  currency: Currency;
}

export type TransactionField = Exclude<keyof TransactionFormValues, 'type' | 'date' | 'currency'>;

/** Which fields each type asks for (besides type, date and, but for a split, currency). */
export const FIELDS_OF: Readonly<Record<TransactionType, readonly TransactionField[]>> = {
  buy: ['symbol', 'quantity', 'price', 'fees'],
  sell: ['symbol', 'quantity', 'price', 'fees'],
  dividend: ['symbol', 'amount', 'taxWithheld'],
  split: ['symbol', 'ratio'],
  fee: ['symbol', 'amount'],
  deposit: ['amount'],
  withdrawal: ['amount'],
};

/** Each field's label, the words its error messages use too. */
export const FIELD_LABELS: Readonly<Record<keyof TransactionFormValues, string>> = {
  type: 'Type',
  date: 'Date',
  symbol: 'Symbol',
  quantity: 'Shares',
  price: 'Price per share',
  fees: 'Fees',
  amount: 'Amount',
  taxWithheld: 'Tax withheld',
  ratio: 'Shares after per share before',
  currency: 'Currency',
};

/** Fields that may be left empty: fees and tax default to 0, a fee need not name a holding. */
const OPTIONAL: ReadonlySet<string> = new Set(['fees', 'taxWithheld', 'fee.symbol']);

const number = (text: string): number | string => {
  const trimmed = text.trim().replace(/,/g, '');
  return trimmed === '' ? trimmed : Number(trimmed);
};

/** The entry the form's values describe, before validation (numbers parsed, empties left out). */
export function entryCandidate(values: TransactionFormValues): Record<string, unknown> {
  const candidate: Record<string, unknown> = { type: values.type, date: values.date };
  if (values.type !== 'split') candidate.currency = values.currency;
  for (const field of FIELDS_OF[values.type]) {
    const text = values[field].trim();
    if (text === '' && (OPTIONAL.has(field) || OPTIONAL.has(`${values.type}.${field}`))) continue;
    candidate[field] = field === 'symbol' ? text.toUpperCase() : number(text);
  }
  return candidate;
}

/**
 * react-hook-form's resolver over the API's own schema (core's transactionEntrySchema): what the
 * form refuses, the server would refuse too, named by the same field.
 */
export const transactionResolver: Resolver<
  TransactionFormValues,
  unknown,
  TransactionEntry
> = async (values) => {
  const parsed = transactionEntrySchema.safeParse(entryCandidate(values));
  if (parsed.success) return { values: parsed.data as TransactionEntry, errors: {} };
  const errors: FieldErrors<TransactionFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'type') as keyof TransactionFormValues;
    // An empty number field fails as "not a number": say what is missing instead.
    const label = FIELD_LABELS[field] ?? field;
    const message =
      issue.code === 'invalid_type' && values[field] === ''
        ? `${label} is required`
        : issue.message.replace(new RegExp(`^${field}\\b`), label);
    errors[field] ??= { type: issue.code, message };
  }
  return { values: {}, errors };
};

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

/** The form's values for a stored transaction (to edit it), or a new one's. */
export function formValuesOf(
  transaction: StoredTransaction | undefined,
  today: string,
  currency: Currency,
): TransactionFormValues {
  const blank: TransactionFormValues = {
    type: 'buy',
    date: today,
    symbol: '',
    quantity: '',
    price: '',
    fees: '',
    amount: '',
    taxWithheld: '',
    ratio: '',
    currency,
  };
  if (!transaction) return blank;
  const t = transaction as Partial<Record<string, unknown>> & StoredTransaction;
  return {
    ...blank,
    type: t.type,
    date: t.date,
    symbol: typeof t.symbol === 'string' ? t.symbol : '',
    quantity: text(t.quantity as number | undefined),
    price: text(t.price as number | undefined),
    fees: text(t.fees as number | undefined),
    amount: text(t.amount as number | undefined),
    taxWithheld: text(t.taxWithheld as number | undefined),
    ratio: text(t.ratio as number | undefined),
    currency: 'currency' in transaction ? transaction.currency : currency,
  };
}
