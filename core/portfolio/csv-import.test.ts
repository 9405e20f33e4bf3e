import { describe, expect, it } from 'vitest';
import {
  guessDateFormat,
  guessMapping,
  importDate,
  importNumber,
  importType,
  parseImport,
  PRODUCT_PRESET,
  resolveImport,
  TRADING212_PRESET,
  type ColumnMapping,
} from './csv-import';
import { portfolioCsv } from './export-csv';
import type { Transaction } from './transactions';

const listed = {
  byIsin: new Map([
    ['US0378331005', 'AAPL'],
    ['US5949181045', 'MSFT'],
  ]),
  bySymbol: new Map([
    ['AAPL', 'AAPL'],
    ['MSFT', 'MSFT'],
    ['2222.SR', '2222.SR'],
  ]),
};

const read = (text: string, mapping: ColumnMapping) =>
  resolveImport(parseImport(text, mapping), mapping, listed);

const T212_HEADER =
  'Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency (Price / share),Exchange rate,Result,Currency (Result),Total,Currency (Total),Withholding tax,Currency (Withholding tax),Notes,ID';

describe('a broker CSV into transactions', () => {
  it('reads the product’s own export back as the same transactions', async () => {
    const transactions: Transaction[] = [
      { id: 'a', type: 'deposit', date: '2024-01-02', amount: 5000, currency: 'USD' },
      {
        id: 'b',
        type: 'buy',
        date: '2024-01-03',
        symbol: 'AAPL',
        quantity: 10,
        price: 185.5,
        fees: 1.25,
        currency: 'USD',
      },
      {
        id: 'c',
        type: 'dividend',
        date: '2024-02-15',
        symbol: 'AAPL',
        amount: 2.04,
        taxWithheld: 0.36,
        currency: 'USD',
      },
      { id: 'd', type: 'split', date: '2024-06-10', symbol: 'AAPL', ratio: 4 },
      { id: 'e', type: 'fee', date: '2024-06-30', amount: 3, currency: 'USD' },
      {
        id: 'f',
        type: 'sell',
        date: '2024-07-01',
        symbol: 'AAPL',
        quantity: 8,
        price: 55.1,
        fees: 0,
        currency: 'USD',
      },
      { id: 'g', type: 'withdrawal', date: '2024-07-02', amount: 100, currency: 'USD' },
    ];
    const text = portfolioCsv(transactions);
    const header = text.split('\r\n')[0]!.split(',');
    expect(guessMapping(header).preset).toBe('stockscope');

    const result = await read(text, PRODUCT_PRESET.mapping);
    expect(result.errors).toEqual([]);
    expect(result.rowCount).toBe(7);
    expect(result.rows.map(({ entry: { importKey: _k, ...entry } }) => entry)).toEqual(
      transactions.map(({ id: _id, ...entry }) => entry),
    );
    expect(result.rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('reads Trading 212’s history: trades in the share’s currency, a dividend from its per-share figures', async () => {
    const text = [
      T212_HEADER,
      'Deposit,2024-01-02 09:00:00,,,,,,,,,,1000.00,GBP,,,Bank transfer,d1',
      'Market buy,2024-01-03 14:30:05,US0378331005,AAPL,Apple,2.5,180.00,USD,1.27,,,354.33,GBP,,,,b1',
      // 2.5 shares × 0.24 gross = 0.60, less 0.09 withheld: 0.51 received, in dollars.
      'Dividend (Ordinary),2024-02-15 08:00:00,US0378331005,AAPL,Apple,2.5,0.24,USD,1.27,,,0.40,GBP,0.09,USD,,v1',
      'Limit sell,2024-03-04 15:00:00,US0378331005,AAPL,Apple,1,190.10,USD,1.26,7.9,GBP,150.87,GBP,,,,s1',
      'Interest on cash,2024-03-31 00:00:00,,,,,,,,,,1.02,GBP,,,,i1',
    ].join('\n');
    const header = T212_HEADER.split(',');
    const guess = guessMapping(header);
    expect(guess.preset).toBe('trading212');
    expect(guess.mapping).toEqual(TRADING212_PRESET.mapping);

    const result = await read(text, guess.mapping);
    expect(result.rows.map((r) => r.entry)).toEqual([
      expect.objectContaining({
        type: 'deposit',
        date: '2024-01-02',
        amount: 1000,
        currency: 'GBP',
      }),
      expect.objectContaining({
        type: 'buy',
        date: '2024-01-03',
        symbol: 'AAPL',
        quantity: 2.5,
        price: 180,
        fees: 0,
        currency: 'USD',
      }),
      expect.objectContaining({
        type: 'dividend',
        symbol: 'AAPL',
        amount: 0.51,
        taxWithheld: 0.09,
        currency: 'USD',
      }),
      expect.objectContaining({ type: 'sell', quantity: 1, price: 190.1, currency: 'USD' }),
    ]);
    expect(result.errors).toEqual([
      {
        row: 6,
        column: 'Action',
        message:
          '“Interest on cash” is not a kind of transaction a portfolio keeps (buy, sell, dividend, split, fee, deposit, withdrawal).',
      },
    ]);
  });

  it('names the row, the column as the file spells it and what is wrong, for every problem of the file', async () => {
    const mapping: ColumnMapping = {
      columns: {
        date: 'Trade date',
        type: 'Side',
        symbol: 'Ticker',
        quantity: 'Qty',
        price: 'Price',
        currency: 'CCY',
      },
      dateFormat: 'DD/MM/YYYY',
    };
    const text = [
      'Trade date,Side,Ticker,Qty,Price,CCY',
      '03/01/2024,BUY,MSFT,10,370.00,USD',
      '31/02/2024,BUY,MSFT,ten,370.00,USD',
      '04/01/2024,BUY,NOPE,1,1.00,USD',
      '',
      '05/01/2024,BUY,MSFT,1,1.00,XXX',
      '06/01/2024,SELL,,1,1.00,USD',
    ].join('\n');
    const result = await read(text, mapping);
    expect(result.rows.map((r) => r.row)).toEqual([2]);
    expect(result.rowCount).toBe(5);
    expect(result.errors).toEqual([
      { row: 3, column: 'Trade date', message: '“31/02/2024” is not a date written DD/MM/YYYY.' },
      { row: 3, column: 'Qty', message: '“ten” is not a number.' },
      { row: 4, column: 'Ticker', message: 'No stock listed here has the symbol “NOPE”.' },
      {
        row: 6,
        column: 'CCY',
        message: expect.stringMatching(/^Currency must be one of USD, EUR/),
      },
      { row: 7, column: 'Ticker', message: 'A sell needs the stock’s symbol.' },
    ]);
  });

  it('says when a needed column is not chosen, and when a chosen one is not in the file', async () => {
    const noPrice: ColumnMapping = {
      columns: { date: 'Date', type: 'Type', symbol: 'Symbol', quantity: 'Qty', currency: 'Cur' },
      dateFormat: 'YYYY-MM-DD',
    };
    const text = 'Date,Type,Symbol,Qty,Cur\n2024-01-03,buy,MSFT,1,USD\n';
    expect((await read(text, noPrice)).errors).toEqual([
      { row: 2, message: 'A buy needs Price per share, and no column is chosen for it.' },
    ]);
    const wrong = { ...noPrice, columns: { ...noPrice.columns, price: 'Cost' } };
    expect((await read(text, wrong)).errors).toEqual([
      {
        row: 1,
        column: 'Cost',
        message: 'The file has no column “Cost” (chosen for Price per share).',
      },
    ]);
  });

  it('keys a row by what it says, so the same file, a re-ordered one or a re-export imports nothing twice', async () => {
    const rows = ['2024-01-03,buy,MSFT,1,10,USD', '2024-01-04,buy,MSFT,2,11,USD'];
    const mapping: ColumnMapping = {
      columns: {
        date: 'Date',
        type: 'Type',
        symbol: 'Symbol',
        quantity: 'Quantity',
        price: 'Price',
        currency: 'Currency',
      },
      dateFormat: 'YYYY-MM-DD',
    };
    const header = 'Date,Type,Symbol,Quantity,Price,Currency';
    const first = await read([header, ...rows].join('\n'), mapping);
    const again = await read([header, ...rows].join('\n'), mapping);
    const reordered = await read(
      ['Symbol,Type,Date,Quantity,Price,Currency', 'MSFT,Buy,03/01/2024,1.00,10,usd'].join('\n'),
      { ...mapping, dateFormat: 'DD/MM/YYYY' },
    );
    const keys = first.rows.map((r) => r.entry.importKey);
    expect(keys[0]).toMatch(/^csv:[A-Za-z0-9_-]{32}:0$/);
    expect(new Set(keys).size).toBe(2);
    expect(again.rows.map((r) => r.entry.importKey)).toEqual(keys);
    expect(reordered.rows[0]!.entry.importKey).toBe(keys[0]);
  });

  it('keeps two identical rows of one file apart: both import, and only once each', async () => {
    const mapping = PRODUCT_PRESET.mapping;
    const header = 'Date,Type,Symbol,Quantity,Price,Fees,Amount,Tax withheld,Split ratio,Currency';
    const row = '2024-01-03,buy,MSFT,1,10,0,,,,USD';
    const twice = await read([header, row, row].join('\n'), mapping);
    const thrice = await read([header, row, row, row].join('\n'), mapping);
    const keys = twice.rows.map((r) => r.entry.importKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    // A third identical row in a later file is the one new trade.
    expect(thrice.rows.map((r) => r.entry.importKey).slice(0, 2)).toEqual(keys);
    expect(thrice.rows[2]!.entry.importKey).toMatch(/:2$/);
  });
});

describe('the pieces of a row', () => {
  it('guesses each field from the usual header words when no preset fits', () => {
    const { mapping, preset } = guessMapping(
      ['Trade Date', 'Action', 'Symbol', 'Shares', 'Price', 'Commission', 'Currency'],
      [['13/01/2024'], ['02/02/2024']],
    );
    expect(preset).toBeUndefined();
    expect(mapping).toEqual({
      columns: {
        date: 'Trade Date',
        type: 'Action',
        symbol: 'Symbol',
        quantity: 'Shares',
        price: 'Price',
        fees: 'Commission',
        currency: 'Currency',
      },
      dateFormat: 'DD/MM/YYYY',
    });
  });

  it('guesses a date format from a day or month above 12', () => {
    expect(guessDateFormat(['2024-01-13'])).toBe('YYYY-MM-DD');
    expect(guessDateFormat(['01/13/2024', '02/01/2024'])).toBe('MM/DD/YYYY');
    expect(guessDateFormat(['13/01/2024'])).toBe('DD/MM/YYYY');
  });

  it('reads dates, numbers and broker words for a type', () => {
    expect(importDate('2024-3-5 10:00', 'YYYY-MM-DD')).toBe('2024-03-05');
    expect(importDate('05/03/2024', 'DD/MM/YYYY')).toBe('2024-03-05');
    expect(importDate('05/03/2024', 'MM/DD/YYYY')).toBe('2024-05-03');
    expect(importDate('2023-02-29', 'YYYY-MM-DD')).toBeUndefined();
    expect(importNumber('1,234.50')).toBe(1234.5);
    expect(importNumber('-12')).toBe(-12);
    expect(importNumber('1.234,50')).toBeUndefined();
    expect(importNumber('')).toBeUndefined();
    expect(importType('Market buy')).toBe('buy');
    expect(importType('Limit sell')).toBe('sell');
    expect(importType('Dividend (Dividends paid by us corporations)')).toBe('dividend');
    expect(importType('WITHDRAWAL')).toBe('withdrawal');
    expect(importType('Currency conversion')).toBeUndefined();
  });
});
