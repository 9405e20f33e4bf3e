import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeStockList, encodeStockList, type StockListEntry } from './stock-list';

const sample: StockListEntry[] = [
  { symbol: 'ACME', name: 'Acme Robotics Inc.', exchangeShortName: 'NASDAQ' },
  { symbol: 'BRIT.L', name: 'Britwell plc', exchangeShortName: 'LSE' },
  { symbol: '600123.SS', name: 'Huaxin Co., Ltd.', exchangeShortName: 'SHH' },
  { symbol: 'ODD', name: 'Listed without its suffix', exchangeShortName: 'LSE' },
  { symbol: 'X.DE', name: 'Suffix of another exchange', exchangeShortName: 'LSE' },
  { symbol: '=EQ', name: 'Starts with the marker', exchangeShortName: 'NYSE' },
  { symbol: 'FOO', name: 'Unknown exchange', exchangeShortName: 'OTC' },
];

describe('compact stock list (§3 Stock entries, §7 stock list)', () => {
  it('round-trips symbols, names and exchanges, including ones the suffix rule cannot imply', () => {
    expect(decodeStockList(encodeStockList(sample))).toEqual(sample);
  });

  it('leaves out the suffix an exchange implies', () => {
    const encoded = encodeStockList(sample.slice(0, 3));
    expect(encoded.symbols.split('\n')).toEqual(['ACME', 'BRIT', '600123']);
    expect(encoded.exchanges).toEqual(['NASDAQ', 'LSE', 'SHH']);
    expect(encoded.exchangeOf).toBe('012');
  });

  it('round-trips an empty list', () => {
    expect(decodeStockList(encodeStockList([]))).toEqual([]);
  });

  it('round-trips arbitrary entries (newlines in names become spaces)', () => {
    const exchange = fc.constantFrom('NASDAQ', 'NYSE', 'LSE', 'XETRA', 'HKSE', 'SAU', 'OTC');
    const entry = fc.record({
      symbol: fc.stringMatching(/^[A-Z0-9=.^-]{1,12}$/),
      name: fc.string({ maxLength: 40 }),
      exchangeShortName: exchange,
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 50 }), (entries) => {
        const expected = entries.map((e) => ({ ...e, name: e.name.replace(/[\n\r]+/g, ' ') }));
        expect(decodeStockList(encodeStockList(entries))).toEqual(expected);
      }),
    );
  });

  it('rejects a list whose columns disagree with its count', () => {
    const encoded = encodeStockList(sample);
    expect(() => decodeStockList({ ...encoded, count: encoded.count + 1 })).toThrow(/count/);
  });
});
