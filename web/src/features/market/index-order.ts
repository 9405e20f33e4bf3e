import { DEFAULT_DISPLAYED_INDEX_SYMBOLS } from '../../../../core/market/indexes';

const DEFAULT_ORDER: readonly string[] = DEFAULT_DISPLAYED_INDEX_SYMBOLS;

/**
 * The indexes to show, in the §3 display order (NASDAQ … Nikkei); with `all`, the others (TASI)
 * follow in the API's order. Whatever order the API answers in, the page's order is fixed.
 */
export function displayedIndexes<T extends { readonly symbol: string }>(
  indexes: readonly T[],
  all: boolean,
): T[] {
  const rank = (symbol: string) => {
    const at = DEFAULT_ORDER.indexOf(symbol);
    return at === -1 ? DEFAULT_ORDER.length : at;
  };
  return indexes
    .filter((index) => all || DEFAULT_ORDER.includes(index.symbol))
    .map((index, position) => ({ index, position }))
    .sort((a, b) => rank(a.index.symbol) - rank(b.index.symbol) || a.position - b.position)
    .map(({ index }) => index);
}
