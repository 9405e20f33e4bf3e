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
  const sortedLikeTheList = (entries: StockListEntry[]) =>
    [...entries].sort((a, b) =>
      a.exchangeShortName === b.exchangeShortName
        ? a.symbol < b.symbol
          ? -1
          : a.symbol > b.symbol
            ? 1
            : 0
        : a.exchangeShortName < b.exchangeShortName
          ? -1
          : 1,
    );

  it('round-trips symbols, names and exchanges, including ones the suffix rule cannot imply', () => {
    expect(decodeStockList(encodeStockList(sample))).toEqual(sortedLikeTheList(sample));
  });

  it('groups by exchange, leaves out implied suffixes and front-codes symbols', () => {
    const encoded = encodeStockList([
      { symbol: 'BRIT.L', name: 'Britwell plc', exchangeShortName: 'LSE' },
      { symbol: 'ACME', name: 'Acme Robotics Inc.', exchangeShortName: 'NASDAQ' },
      { symbol: 'BRIG.L', name: 'Brigham plc', exchangeShortName: 'LSE' },
      { symbol: 'ACMF', name: 'Acme Foods Inc.', exchangeShortName: 'NASDAQ' },
    ]);
    expect(encoded.runs).toEqual([
      ['LSE', 2],
      ['NASDAQ', 2],
    ]);
    // BRIG, BRIT (3 shared), ACME (0 shared), ACMF (3 shared)
    expect(encoded.symbols.split('\n')).toEqual(['0BRIG', '3T', '0ACME', '3F']);
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
        expect(decodeStockList(encodeStockList(entries))).toEqual(sortedLikeTheList(expected));
      }),
    );
  });

  it('rejects a list whose columns disagree with its count', () => {
    const encoded = encodeStockList(sample);
    expect(() => decodeStockList({ ...encoded, count: encoded.count + 1 })).toThrow(/count/);
  });
});
