import { describe, expect, it } from 'vitest';
import { parseSymbolList } from './symbol-list';

describe('parseSymbolList', () => {
  it('trims, upper-cases and drops blanks and repeats, in the order given', () => {
    expect(parseSymbolList(' aapl, MSFT,,BP.L ,AAPL ')).toEqual(['AAPL', 'MSFT', 'BP.L']);
  });

  it('is empty for a blank list', () => {
    expect(parseSymbolList(' , ')).toEqual([]);
    expect(parseSymbolList('')).toEqual([]);
  });
});
