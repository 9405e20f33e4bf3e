import { EXCHANGES } from '../core/market/exchanges';
import type { StockListEntry } from '../core/stock-list';
import type { NameStyle } from '../infra/local/demo/locales';
import { inventBrand } from '../infra/local/demo/names';
import { createRandom } from '../infra/local/demo/random';

const STYLES: readonly NameStyle[] = [
  'english',
  'german',
  'french',
  'indian',
  'chinese',
  'japanese',
  'arabic',
];
const SUFFIXES = [
  'Inc.',
  'Holdings',
  'Group',
  'plc',
  'AG',
  'SA',
  'Ltd',
  'Corp.',
  'Technologies',
  'Industries',
  'Co., Ltd.',
  'Therapeutics',
  'Energy',
  'Bank',
];

/**
 * A deterministic 70,000-entry stock list shaped like a global provider's: invented brand names
 * in the demo universe's national styles, a suffix, and unique tickers with exchange suffixes.
 */
export function searchUniverse(count = 70_000, seed = 'search-bench'): StockListEntry[] {
  const rng = createRandom(seed);
  const entries: StockListEntry[] = [];
  const taken = new Set<string>();
  for (let i = 0; i < count; i += 1) {
    const exchange = EXCHANGES[i % EXCHANGES.length]!;
    const brand = inventBrand(rng, STYLES[i % STYLES.length]!);
    const letters = brand.replace(/[^A-Za-z]/g, '').toUpperCase();
    let base = letters.slice(0, 2 + (i % 3));
    for (let n = 0; taken.has(base + exchange.symbolSuffix); n += 1) {
      base = `${letters.slice(0, 3)}${n.toString(36).toUpperCase()}`;
    }
    taken.add(base + exchange.symbolSuffix);
    entries.push({
      symbol: base + exchange.symbolSuffix,
      name: `${brand} ${SUFFIXES[rng.int(0, SUFFIXES.length - 1)]}`,
      exchangeShortName: exchange.shortName,
    });
  }
  return entries;
}
