import { describe, expect, it } from 'vitest';
import { transactionCells } from './transaction-cells';

describe('transactionCells', () => {
  it('shows the figures a type has and leaves the others blank', () => {
    expect(
      transactionCells({
        type: 'buy',
        date: '2025-01-10',
        symbol: 'AAA',
        quantity: 1200,
        price: 0.2986,
        fees: 1,
        currency: 'GBP',
      }),
    ).toEqual({
      symbol: 'AAA',
      quantity: '1,200.00',
      price: '0.2986',
      fees: '1.00',
      amount: '',
      tax: '',
      ratio: '',
      currency: 'GBP',
    });
    expect(
      transactionCells({ type: 'split', date: '2025-02-01', symbol: 'AAA', ratio: 4 }),
    ).toMatchObject({ quantity: '', price: '', ratio: '4.00', currency: '' });
  });
});
