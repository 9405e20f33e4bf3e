import { describe, expect, it } from 'vitest';
import type { StockRecord } from '../ports/stocks-repository';
import { knownSymbolIn } from './known-symbol';

describe('knownSymbolIn', () => {
  const known = knownSymbolIn({
    findBySymbol: async (symbol) => (symbol === 'ABC' ? ({ symbol } as StockRecord) : undefined),
  });

  it('knows listed companies and the market indexes, nothing else', async () => {
    expect(await known('ABC')).toBe(true);
    expect(await known('^GSPC')).toBe(true);
    expect(await known('NOSUCH')).toBe(false);
  });
});
