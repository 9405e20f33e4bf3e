import type { Exchange } from '../../../core/market/exchanges';
import { DENYLISTED_TICKERS, lettersOf } from './names';
import type { Random } from './random';

/**
 * Invented tickers in each exchange's format: letters from the brand on the US and European markets
 * (no suffix on NASDAQ/NYSE, '.L', '.DE', '.PA' otherwise), up to ten letters on the NSE, and the
 * numeric codes of Shanghai (6xxxxx), Hong Kong, Tokyo and Tadawul (four digits).
 */

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const NUMERIC_EXCHANGES: ReadonlySet<string> = new Set(['SHH', 'HKSE', 'JPX', 'SAU']);

function numericCode(rng: Random, shortName: string): string | undefined {
  switch (shortName) {
    case 'SHH':
      return String(rng.chance(0.8) ? rng.int(600000, 605999) : rng.int(688000, 688999));
    case 'HKSE':
      return String(rng.int(1, 9999)).padStart(4, '0');
    case 'JPX':
      return String(rng.int(1300, 9999));
    case 'SAU':
      return String(rng.int(1010, 8999));
    default:
      return undefined;
  }
}

/** Letter candidates from the brand: its first letters, then its first letter plus consonants. */
function letterCandidates(rng: Random, brand: string, shortName: string): string[] {
  const letters = lettersOf(brand.replace(/^Al /, '')).toUpperCase();
  if (shortName === 'NSE') {
    const out: string[] = [];
    for (let n = Math.min(10, letters.length); n >= 4; n--) out.push(letters.slice(0, n));
    return out;
  }
  const length = rng.weighted<number>([
    [2, 0.12],
    [3, 0.45],
    [4, 0.38],
    ...(shortName === 'NASDAQ' || shortName === 'NYSE' ? ([[5, 0.05]] as const) : []),
  ]);
  const first = letters.charAt(0);
  const rest = letters.slice(1);
  const consonants = rest.replace(/[AEIOU]/g, '');
  const out = [letters.slice(0, length), (first + consonants).slice(0, length)];
  for (let i = 0; i < 6; i++) {
    // First letter plus an ordered random pick of the brand's other letters.
    const picks = [...rest]
      .map((c, index) => ({ c, index, keep: rng.next() }))
      .sort((a, b) => a.keep - b.keep)
      .slice(0, length - 1)
      .sort((a, b) => a.index - b.index)
      .map((p) => p.c)
      .join('');
    out.push(first + picks);
  }
  return out.filter((c) => c.length >= 2);
}

/** A ticker for a new listing on `exchange` that is neither taken nor a famous real one. */
export function inventSymbol(
  rng: Random,
  exchange: Exchange,
  brand: string,
  taken: ReadonlySet<string>,
): string {
  const free = (base: string) =>
    !DENYLISTED_TICKERS.has(base) && !taken.has(`${base}${exchange.symbolSuffix}`);
  if (NUMERIC_EXCHANGES.has(exchange.shortName)) {
    for (;;) {
      const code = numericCode(rng, exchange.shortName) ?? '';
      if (free(code)) return `${code}${exchange.symbolSuffix}`;
    }
  }
  for (const candidate of letterCandidates(rng, brand, exchange.shortName)) {
    if (free(candidate)) return `${candidate}${exchange.symbolSuffix}`;
  }
  // Fall back to the first letter and random letters (the NSE allows longer symbols).
  const maxLength = exchange.shortName === 'NSE' ? 10 : 4;
  for (;;) {
    const first = lettersOf(brand).toUpperCase().charAt(0) || 'X';
    const length = rng.int(3, maxLength);
    let base = first;
    while (base.length < length) base += LETTERS.charAt(rng.int(0, 25));
    if (free(base)) return `${base}${exchange.symbolSuffix}`;
  }
}
