import { describe, expect, it } from 'vitest';
import { newStockProfile } from '../../core/curation/stock';
import type { Quote } from '../../core/market/types';
import type { StockRecord } from '../ports/stocks-repository';
import { screen } from './screener';

const quote = (symbol: string): Quote => ({
  symbol,
  price: 10,
  change: 0,
  changesPercentage: 0,
  dayLow: 10,
  dayHigh: 10,
  yearLow: 10,
  yearHigh: 10,
  open: 10,
  previousClose: 10,
  volume: 1_000,
  avgVolume: 1_000,
  marketOpen: true,
  timestamp: 0,
});

/** A company as the console adds it (no beta or dividend known), or with both given. */
const company = (symbol: string, known?: { beta: number; lastDiv: number }) => {
  const profile = newStockProfile({
    symbol,
    companyName: `${symbol} Holdings`,
    isin: `US${symbol.padEnd(9, '0')}0`,
    exchangeShortName: 'NASDAQ',
    currency: 'USD',
    country: 'US',
    sector: 'Technology',
    industry: 'Software',
    sharesOutstanding: 1_000,
  });
  const record: StockRecord = {
    isin: profile.isin,
    symbol,
    profile: known ? { ...profile, ...known } : profile,
    demo: false,
    version: 1,
    updatedAt: '',
  };
  return { record, quote: quote(symbol) };
};

describe('the FMP-style search over a figure nobody knows', () => {
  const universe = [company('NEW'), company('LOW', { beta: 0.5, lastDiv: 0 })];

  it('answers it as null, not a beta of 1 or a dividend of 0', () => {
    const [row] = screen(universe, { query: 'NEW' });
    expect(row).toMatchObject({ symbol: 'NEW', beta: null, lastAnnualDividend: null });
  });

  it('lets it pass no bound, though null compares as 0', () => {
    const symbols = (query: Parameters<typeof screen>[1]) =>
      screen(universe, query).map((row) => row.symbol);
    expect(symbols({ betaLowerThan: 2 })).toEqual(['LOW']);
    expect(symbols({ dividendLowerThan: 1 })).toEqual(['LOW']);
    expect(symbols({ betaMoreThan: -1 })).toEqual(['LOW']);
  });

  it('sorts it last in either direction', () => {
    expect(screen(universe, { sort: 'beta' }).map((row) => row.symbol)).toEqual(['LOW', 'NEW']);
    expect(screen(universe, { sort: '-beta' }).map((row) => row.symbol)).toEqual(['LOW', 'NEW']);
  });
});
