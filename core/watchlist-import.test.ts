import { describe, expect, it } from 'vitest';
import { importRows, lookupOf, sortImport } from './watchlist-import';

describe('importRows', () => {
  it('numbers rows as the file does, leaving out a header and blank rows', () => {
    const text = '\uFEFFSymbol,Note\r\nAAPL,core\r\n\r\n  msft  \r\nUS0378331005\r\n';
    expect(importRows(text)).toEqual([
      { row: 2, value: 'AAPL' },
      { row: 4, value: 'msft' },
      { row: 5, value: 'US0378331005' },
    ]);
  });

  it('keeps a first row that is a symbol (the header is optional)', () => {
    expect(importRows('AAPL\nISIN')).toEqual([
      { row: 1, value: 'AAPL' },
      { row: 2, value: 'ISIN' },
    ]);
  });

  it('reads quoted cells whole', () => {
    expect(importRows('"BRK.B","a, b"\n"=cmd|x"')).toEqual([
      { row: 1, value: 'BRK.B' },
      { row: 2, value: '=cmd|x' },
    ]);
  });
});

describe('lookupOf', () => {
  it('takes a well-formed ISIN as an ISIN and anything ticker-like as a symbol', () => {
    expect(lookupOf('us0378331005')).toEqual({ isin: 'US0378331005' });
    // A wrong check digit is no ISIN; it is still looked up as a (long) symbol.
    expect(lookupOf('US0378331006')).toEqual({ symbol: 'US0378331006' });
    expect(lookupOf('brk.b')).toEqual({ symbol: 'BRK.B' });
  });

  it('looks nothing up for a cell that can be neither', () => {
    expect(lookupOf('=HYPERLINK("x")')).toBeUndefined();
    expect(lookupOf('Apple Inc')).toBeUndefined();
  });
});

describe('sortImport', () => {
  it('reports every row: added, duplicate of the list or of an earlier row, or unknown', () => {
    const sorted = sortImport(
      [
        { row: 1, value: 'AAPL', symbol: 'AAPL' },
        { row: 2, value: 'US0378331005', symbol: 'AAPL' },
        { row: 3, value: 'MSFT', symbol: 'MSFT' },
        { row: 4, value: 'NOPE', symbol: undefined },
      ],
      ['MSFT'],
    );
    expect(sorted).toEqual({
      added: [{ row: 1, value: 'AAPL', symbol: 'AAPL' }],
      duplicates: [
        { row: 2, value: 'US0378331005', symbol: 'AAPL' },
        { row: 3, value: 'MSFT', symbol: 'MSFT' },
      ],
      unknown: [{ row: 4, value: 'NOPE' }],
    });
  });
});
