import { describe, expect, it } from 'vitest';
import { entryCandidate, formValuesOf, transactionResolver } from './transaction-form';

const blank = formValuesOf(undefined, '2025-03-01', 'USD');
const resolve = (values: typeof blank) =>
  transactionResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the transaction form', () => {
  it('builds the entry its type describes: numbers parsed, the symbol upper-cased, others left out', () => {
    expect(
      entryCandidate({
        ...blank,
        type: 'dividend',
        symbol: ' aaa ',
        amount: '1,234.5',
        quantity: '9',
      }),
    ).toEqual({
      type: 'dividend',
      date: '2025-03-01',
      currency: 'USD',
      symbol: 'AAA',
      amount: 1234.5,
    });
    expect(entryCandidate({ ...blank, type: 'split', symbol: 'AAA', ratio: '4' })).toEqual({
      type: 'split',
      date: '2025-03-01',
      symbol: 'AAA',
      ratio: 4,
    });
  });

  it('checks with the API’s schema, naming each field in the form’s words', async () => {
    const result = await resolve({ ...blank, symbol: 'AAA', quantity: '', price: '-1' });
    expect(result.errors).toEqual({
      quantity: { type: 'invalid_type', message: 'Shares is required' },
      price: { type: 'too_small', message: 'Price per share must not be negative' },
    });
    const ok = await resolve({ ...blank, symbol: 'aaa', quantity: '3', price: '12.5' });
    expect(ok.values).toEqual({
      type: 'buy',
      date: '2025-03-01',
      symbol: 'AAA',
      quantity: 3,
      price: 12.5,
      fees: 0,
      currency: 'USD',
    });
  });

  it('fills the form from a stored transaction to edit it', () => {
    expect(
      formValuesOf(
        {
          id: 'tx_0000000002',
          type: 'dividend',
          date: '2024-05-15',
          symbol: 'MSFT',
          amount: 1.91,
          taxWithheld: 0.34,
          currency: 'EUR',
        },
        '2025-03-01',
        'USD',
      ),
    ).toMatchObject({
      type: 'dividend',
      date: '2024-05-15',
      amount: '1.91',
      taxWithheld: '0.34',
      currency: 'EUR',
    });
  });
});
