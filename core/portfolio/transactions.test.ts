import { describe, expect, it } from 'vitest';
import { chronological, transactionSchema } from './transactions';

describe('transactionSchema', () => {
  it('takes a buy, upper-casing the symbol and defaulting its fees to 0', () => {
    expect(
      transactionSchema.parse({
        type: 'buy',
        id: 'b1',
        date: '2024-01-02',
        symbol: 'abc',
        quantity: 10,
        price: 12.5,
        currency: 'USD',
      }),
    ).toEqual({
      type: 'buy',
      id: 'b1',
      date: '2024-01-02',
      symbol: 'ABC',
      quantity: 10,
      price: 12.5,
      fees: 0,
      currency: 'USD',
    });
  });

  it('takes a dividend with the tax withheld, a split, an account fee, a deposit', () => {
    for (const ok of [
      {
        type: 'dividend',
        id: 'd',
        date: '2024-03-01',
        symbol: 'ABC',
        amount: 8.5,
        taxWithheld: 1.5,
        currency: 'USD',
      },
      { type: 'split', id: 's', date: '2024-03-01', symbol: 'ABC', ratio: 4 },
      { type: 'fee', id: 'f', date: '2024-03-01', amount: 2, currency: 'EUR' },
      { type: 'deposit', id: 'p', date: '2024-03-01', amount: 1000, currency: 'GBP' },
      { type: 'withdrawal', id: 'w', date: '2024-03-01', amount: 10, currency: 'GBP' },
    ]) {
      expect(transactionSchema.safeParse(ok).success, ok.type).toBe(true);
    }
  });

  it('names the field at fault', () => {
    const issues = (input: unknown) =>
      transactionSchema
        .safeParse(input)
        .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    const buy = {
      type: 'buy',
      id: 'b',
      date: '2024-01-02',
      symbol: 'ABC',
      quantity: 1,
      price: 1,
      currency: 'USD',
    };
    expect(issues({ ...buy, quantity: 0 })).toEqual(['quantity: quantity must be greater than 0']);
    expect(issues({ ...buy, price: -1 })).toEqual(['price: price must not be negative']);
    expect(issues({ ...buy, date: '2024-02-30' })).toEqual(['date: must be a date YYYY-MM-DD']);
    expect(issues({ ...buy, currency: 'XYZ' })?.[0]).toMatch(
      /^currency: currency must be one of USD/,
    );
    expect(issues({ ...buy, type: 'gift' })?.[0]).toMatch(/^type: type must be one of buy, sell/);
    expect(
      issues({ type: 'split', id: 's', date: '2024-01-02', symbol: 'ABC', ratio: -2 }),
    ).toEqual(['ratio: ratio must be greater than 0']);
    // A field of another type is refused rather than silently dropped.
    expect(issues({ ...buy, taxWithheld: 1 })?.length).toBe(1);
  });
});

describe('chronological', () => {
  it('orders by date and keeps same-day transactions in the order given', () => {
    const list = [
      { date: '2024-02-01', id: 'c' },
      { date: '2024-01-01', id: 'a' },
      { date: '2024-02-01', id: 'd' },
      { date: '2024-01-01', id: 'b' },
    ];
    expect(chronological(list).map((t) => t.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
