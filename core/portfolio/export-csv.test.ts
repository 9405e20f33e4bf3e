import { describe, expect, it } from 'vitest';
import { transactionSchema } from './transactions';
import { portfolioCsv, portfolioCsvFileName } from './export-csv';

describe('portfolioCsv', () => {
  it('writes one row per transaction, each field in its column, the others empty', () => {
    const transactions = [
      {
        id: 'a',
        type: 'buy',
        date: '2024-01-02',
        symbol: 'aapl',
        quantity: 10,
        price: 150.5,
        fees: 1,
        currency: 'USD',
      },
      {
        id: 'b',
        type: 'dividend',
        date: '2024-02-15',
        symbol: 'AAPL',
        amount: 2.04,
        taxWithheld: 0.36,
        currency: 'USD',
      },
      { id: 'c', type: 'split', date: '2024-06-10', symbol: 'AAPL', ratio: 4 },
      { id: 'd', type: 'deposit', date: '2024-01-01', amount: 2000, currency: 'EUR' },
    ].map((t) => transactionSchema.parse(t));
    expect(portfolioCsv(transactions).split('\r\n')).toEqual([
      'Date,Type,Symbol,Quantity,Price,Fees,Amount,Tax withheld,Split ratio,Currency',
      '2024-01-02,buy,AAPL,10,150.5,1,,,,USD',
      '2024-02-15,dividend,AAPL,,,,2.04,0.36,,USD',
      '2024-06-10,split,AAPL,,,,,,4,',
      '2024-01-01,deposit,,,,,2000,,,EUR',
    ]);
  });

  it('names the file after the portfolio and the day, in characters any file system takes', () => {
    const at = Date.parse('2026-11-25T10:00:00Z');
    expect(portfolioCsvFileName('Épargne / Retraite 2040', at)).toBe(
      'stockscope-portfolio-epargne-retraite-2040-2026-11-25.csv',
    );
    expect(portfolioCsvFileName('=!!', at)).toBe('stockscope-portfolio-2026-11-25.csv');
  });
});
