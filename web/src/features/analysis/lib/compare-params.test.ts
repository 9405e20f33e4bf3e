import { describe, expect, it } from 'vitest';
import { compareSearch, readCompareParams } from './compare-params';

const read = (query: string) => readCompareParams(new URLSearchParams(query));

describe('compare params', () => {
  it('reads symbols, range and benchmark, and writes them back readably', () => {
    const params = read('symbols=aapl,BRK-B,7203.T&range=3Y&benchmark=%5EN225');
    expect(params).toEqual({
      symbols: ['AAPL', 'BRK-B', '7203.T'],
      range: '3Y',
      benchmark: '^N225',
    });
    expect(compareSearch(params)).toBe('?symbols=AAPL,BRK-B,7203.T&range=3Y&benchmark=^N225');
    expect(read(compareSearch(params).slice(1))).toEqual(params);
  });

  it('falls back to the defaults and leaves out malformed or repeated symbols', () => {
    expect(read('symbols=A,,a,b c,B&range=2Y&benchmark=^NOPE')).toEqual({
      symbols: ['A', 'B'],
      range: '1Y',
      benchmark: '^GSPC',
    });
    expect(read('')).toEqual({ symbols: [], range: '1Y', benchmark: '^GSPC' });
    expect(read('benchmark=')).toMatchObject({ benchmark: '' });
    expect(compareSearch(read('benchmark='))).toBe('?range=1Y&benchmark=');
  });
});
