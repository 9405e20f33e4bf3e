import { describe, expect, it } from 'vitest';
import { rankMovers, type QuotedCompany } from './movers';
import type { Quote } from './types';

const company = (symbol: string, changesPercentage: number, volume: number, price: number) =>
  ({
    record: {
      symbol,
      profile: { companyName: `${symbol} Inc`, exchangeShortName: 'NASDAQ', currency: 'USD' },
    },
    quote: { price, change: 0, changesPercentage, volume } as unknown as Quote,
  }) satisfies QuotedCompany;

describe('rankMovers', () => {
  const universe = [
    company('AAA', 5, 100, 10), // traded 1,000
    company('BBB', -7, 10, 1_000), // traded 10,000
    company('CCC', 1, 1_000_000, 0.01), // traded 10,000: cheap, huge volume
    company('DDD', -1, 5, 50), // traded 250
    company('EEE', 9, 20, 30), // traded 600
  ];

  it('ranks gainers by % change, losers worst first, most active by traded value', () => {
    const movers = rankMovers(universe, 2);
    expect(movers.gainers.map((m) => m.symbol)).toEqual(['EEE', 'AAA']);
    expect(movers.losers.map((m) => m.symbol)).toEqual(['BBB', 'DDD']);
    expect(movers.mostActive.map((m) => m.symbol)).toEqual(['BBB', 'CCC']);
  });

  it('answers rows with the profile and quote fields the movers table shows', () => {
    expect(rankMovers(universe, 1).gainers[0]).toEqual({
      symbol: 'EEE',
      name: 'EEE Inc',
      exchangeShortName: 'NASDAQ',
      currency: 'USD',
      price: 30,
      change: 0,
      changesPercentage: 9,
      volume: 20,
    });
  });

  it('lists everyone when the universe is smaller than the limit', () => {
    expect(rankMovers(universe, 50).gainers).toHaveLength(universe.length);
  });
});
