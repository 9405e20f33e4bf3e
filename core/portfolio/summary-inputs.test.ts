import { describe, expect, it } from 'vitest';
import { marketRequestOf } from './summary-inputs';
import type { Transaction } from './transactions';

const t = (date: string, symbol?: string): Transaction =>
  symbol === undefined
    ? { type: 'deposit', id: date, date, amount: 1, currency: 'USD' }
    : { type: 'dividend', id: date, date, symbol, amount: 1, taxWithheld: 0, currency: 'USD' };

describe('marketRequestOf', () => {
  it('asks for each symbol once from the first transaction, with the benchmark', () => {
    expect(
      marketRequestOf({
        currency: 'USD',
        benchmark: '^GSPC',
        transactions: [
          t('2024-03-01', 'BBB'),
          t('2023-01-05'),
          t('2024-01-02', 'AAA'),
          t('2024-05-01', 'BBB'),
        ],
      }),
    ).toEqual({ symbols: ['BBB', 'AAA'], benchmark: '^GSPC', from: '2023-01-05' });
  });

  it('has nothing to read for a portfolio without transactions', () => {
    expect(marketRequestOf({ currency: 'USD', transactions: [] })).toBeUndefined();
  });
});
