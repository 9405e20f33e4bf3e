import { describe, expect, it } from 'vitest';
import { findExchange } from './exchanges';
import {
  DEFAULT_INDEX_SYMBOL,
  MARKET_INDEXES,
  defaultDisplayedIndexes,
  findMarketIndex,
} from './indexes';

describe('§3 market indexes', () => {
  it('lists the eleven indexes with their countries and currencies', () => {
    const byName = Object.fromEntries(MARKET_INDEXES.map((i) => [i.name, i.currency]));
    expect(byName).toEqual({
      'Hong Kong HSI': 'HKD',
      'Nikkei 225': 'JPY',
      SSE: 'CNY',
      'NIFTY 50': 'INR',
      DAX: 'EUR',
      'CAC 40': 'EUR',
      'FTSE 100': 'GBP',
      'Dow Jones': 'USD',
      'S&P 500': 'USD',
      NASDAQ: 'USD',
      TASI: 'SAR',
    });
    expect(new Set(MARKET_INDEXES.map((i) => i.symbol)).size).toBe(11);
  });

  it('defaults to ^IXIC, which is NASDAQ', () => {
    expect(DEFAULT_INDEX_SYMBOL).toBe('^IXIC');
    expect(findMarketIndex(DEFAULT_INDEX_SYMBOL)?.name).toBe('NASDAQ');
    expect(findMarketIndex('^NOPE')).toBeUndefined();
  });

  it('displays NASDAQ, S&P 500, Dow Jones, FTSE, CAC 40, DAX, NIFTY, SSE, HSI, Nikkei by default', () => {
    expect(defaultDisplayedIndexes().map((i) => i.name)).toEqual([
      'NASDAQ',
      'S&P 500',
      'Dow Jones',
      'FTSE 100',
      'CAC 40',
      'DAX',
      'NIFTY 50',
      'SSE',
      'Hong Kong HSI',
      'Nikkei 225',
    ]);
  });

  it('ties every index to an exchange of its own country and currency', () => {
    for (const index of MARKET_INDEXES) {
      const exchange = findExchange(index.exchangeShortName);
      expect(exchange?.country, index.name).toBe(index.country);
      expect(exchange?.currency, index.name).toBe(index.currency);
    }
  });
});
