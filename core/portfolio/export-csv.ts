import { csvTable } from '../csv-cells';
import type { Transaction } from './transactions';

/**
 * A portfolio's transactions as CSV (Premium, entitlements `exports`), in the order entered, one
 * column per field of any type (core/portfolio/transactions.ts): a field a type has not is an
 * empty cell. Written by core's one CSV writer, which neutralises every text cell.
 */
export const PORTFOLIO_CSV_HEADER = [
  'Date',
  'Type',
  'Symbol',
  'Quantity',
  'Price',
  'Fees',
  'Amount',
  'Tax withheld',
  'Split ratio',
  'Currency',
] as const;

export const portfolioCsv = (transactions: readonly Transaction[]): string =>
  csvTable(
    PORTFOLIO_CSV_HEADER,
    transactions.map((t) => [
      t.date,
      t.type,
      'symbol' in t ? t.symbol : undefined,
      'quantity' in t ? t.quantity : undefined,
      'price' in t ? t.price : undefined,
      'fees' in t ? t.fees : undefined,
      'amount' in t ? t.amount : undefined,
      'taxWithheld' in t ? t.taxWithheld : undefined,
      'ratio' in t ? t.ratio : undefined,
      'currency' in t ? t.currency : undefined,
    ]),
  );

/** The export's file name: the portfolio's name as far as a file name takes it, and the day. */
export function portfolioCsvFileName(name: string, at: number): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40);
  return `stockscope-portfolio${slug ? `-${slug}` : ''}-${new Date(at).toISOString().slice(0, 10)}.csv`;
}
