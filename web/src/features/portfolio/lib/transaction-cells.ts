import { formatNumber, formatPrice } from '@core/format';
import type { TransactionType } from '@core/portfolio/transactions';
import type { TransactionEntry } from '@core/portfolios';

/** The words of each transaction type, wherever a transaction is shown or entered. */
export const TYPE_LABELS: Readonly<Record<TransactionType, string>> = {
  buy: 'Buy',
  sell: 'Sell',
  dividend: 'Dividend',
  split: 'Split',
  fee: 'Fee',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
};

const figure = (value: unknown, format = formatNumber) =>
  typeof value === 'number' ? format(value) : '';

/**
 * A transaction's figures as a table shows them (a type without one leaves it blank): the
 * transactions table and the import's preview of the rows it will store.
 */
export function transactionCells(t: TransactionEntry) {
  const f = t as TransactionEntry & Partial<Record<string, unknown>>;
  return {
    symbol: typeof f.symbol === 'string' ? f.symbol : '',
    quantity: figure(f.quantity),
    price: figure(f.price, formatPrice),
    fees: figure(f.fees),
    amount: figure(f.amount),
    tax: figure(f.taxWithheld),
    ratio: figure(f.ratio),
    currency: typeof f.currency === 'string' ? f.currency : '',
  };
}
