import { describe, expect, it } from 'vitest';
import { defaultDisplayedIndexes, MARKET_INDEXES } from '../../../../core/market/indexes';
import { displayedIndexes } from './index-order';

const SECTION_3_ORDER = [
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

describe('displayedIndexes', () => {
  it('keeps the §3 default order whatever order the API answers in', () => {
    const shuffled = [...MARKET_INDEXES].reverse();
    expect(displayedIndexes(shuffled, false).map((i) => i.name)).toEqual(SECTION_3_ORDER);
    expect(displayedIndexes(shuffled, false)).toEqual(defaultDisplayedIndexes());
  });

  it('adds the other markets (TASI) after the default ten when all are shown', () => {
    const names = displayedIndexes([...MARKET_INDEXES].reverse(), true).map((i) => i.name);
    expect(names).toEqual([...SECTION_3_ORDER, 'TASI']);
  });

  it('skips an index the API did not answer for', () => {
    const withoutDax = MARKET_INDEXES.filter((i) => i.name !== 'DAX');
    expect(displayedIndexes(withoutDax, false).map((i) => i.name)).toEqual(
      SECTION_3_ORDER.filter((n) => n !== 'DAX'),
    );
  });
});
