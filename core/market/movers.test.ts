import { describe, expect, it } from 'vitest';
import { DEMO_PER_USD } from './fx';
import { rankMovers, type QuotedCompany } from './movers';
import type { Quote } from './types';

const company = (
  symbol: string,
  changesPercentage: number,
  volume: number,
  price: number,
  currency = 'USD',
) =>
  ({
    record: {
      symbol,
      profile: { companyName: `${symbol} Inc`, exchangeShortName: 'NASDAQ', currency },
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
    const movers = rankMovers(universe, 2, DEMO_PER_USD);
    expect(movers.gainers.map((m) => m.symbol)).toEqual(['EEE', 'AAA']);
    expect(movers.losers.map((m) => m.symbol)).toEqual(['BBB', 'DDD']);
    expect(movers.mostActive.map((m) => m.symbol)).toEqual(['BBB', 'CCC']);
  });

  it('answers rows with the profile and quote fields the movers table shows', () => {
    expect(rankMovers(universe, 1, DEMO_PER_USD).gainers[0]).toEqual({
      symbol: 'EEE',
      name: 'EEE Inc',
      exchangeShortName: 'NASDAQ',
      currency: 'USD',
      price: 30,
      change: 0,
      changesPercentage: 9,
      volume: 20,
      tradedValue: 600,
      tradedValueUsd: 600,
    });
  });

  it("ranks the most active in US dollars at the rates, not in each listing's currency", () => {
    // ¥273.7B is about $1.82B at 150 JPY per dollar: below a $6B listing, above a $1B one.
    const markets = [
      company('2113.T', 0, 100_000_000, 2_737, 'JPY'),
      company('BIGUS', 0, 30_000_000, 200),
      company('SMALL', 0, 10_000_000, 100),
    ];
    const active = rankMovers(markets, 3, DEMO_PER_USD).mostActive;
    expect(active.map((m) => m.symbol)).toEqual(['BIGUS', '2113.T', 'SMALL']);
    expect(active[1]).toMatchObject({ tradedValue: 273_700_000_000, currency: 'JPY' });
    expect(active[1]?.tradedValueUsd).toBeCloseTo(273_700_000_000 / 150);
  });

  it('leaves a listing no rate converts out of the most active, never ranking it unconverted', () => {
    const markets = [company('2113.T', 0, 100_000_000, 2_737, 'JPY'), company('SMALL', 0, 1, 1)];
    const active = rankMovers(markets, 3, undefined).mostActive;
    expect(active.map((m) => m.symbol)).toEqual(['SMALL']);
  });

  it('lists everyone when the universe is smaller than the limit', () => {
    expect(rankMovers(universe, 50, DEMO_PER_USD).gainers).toHaveLength(universe.length);
  });
});
