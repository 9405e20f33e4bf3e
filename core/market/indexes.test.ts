import { describe, expect, it } from 'vitest';
import { findExchange } from './exchanges';
import {
  DEFAULT_INDEX_SYMBOL,
  MARKET_INDEXES,
  defaultDisplayedIndexes,
  displayedIndexes,
  findMarketIndex,
} from './indexes';

const DISPLAY_ORDER = [
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
];

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
    expect(defaultDisplayedIndexes().map((i) => i.name)).toEqual(DISPLAY_ORDER);
  });

  it('keeps that order whatever order the API answers in', () => {
    const shuffled = [...MARKET_INDEXES].reverse();
    expect(displayedIndexes(shuffled, false).map((i) => i.name)).toEqual(DISPLAY_ORDER);
  });

  it('adds the other markets (TASI) after the default ten when all are shown', () => {
    const names = displayedIndexes([...MARKET_INDEXES].reverse(), true).map((i) => i.name);
    expect(names).toEqual([...DISPLAY_ORDER, 'TASI']);
  });

  it('skips an index the API did not answer for, and puts unknown ones last', () => {
    const withoutDax = MARKET_INDEXES.filter((i) => i.name !== 'DAX');
    expect(displayedIndexes(withoutDax, false).map((i) => i.name)).toEqual(
      DISPLAY_ORDER.filter((n) => n !== 'DAX'),
    );
    const extra = [{ symbol: '^NEW' }, ...MARKET_INDEXES];
    expect(displayedIndexes(extra, true).at(-1)).toEqual({ symbol: '^NEW' });
    expect(displayedIndexes(extra, false).map((i) => i.symbol)).not.toContain('^NEW');
  });

  it('ties every index to an exchange of its own country and currency', () => {
    for (const index of MARKET_INDEXES) {
      const exchange = findExchange(index.exchangeShortName);
      expect(exchange?.country, index.name).toBe(index.country);
      expect(exchange?.currency, index.name).toBe(index.currency);
    }
  });
});
