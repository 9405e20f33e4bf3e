/**
 * How well an option matches a search term (SPEC §2 Search box, ranking of this product). Keys
 * and terms are folded the same way first, so every comparison here is a plain string one.
 */

const NON_ASCII = /[\u0080-\uffff]/;

/** Lower case without accents, so 'nestle' finds 'Nestlé'. Most names are ASCII: skip normalize. */
export const fold = (text: string): string =>
  NON_ASCII.test(text)
    ? text
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
    : text.toLowerCase();

// Match ranks, best first.
export const EXACT_SYMBOL = 0;
export const SYMBOL_PREFIX = 1;
export const LABEL_PREFIX = 2;
export const LABEL_WORD_PREFIX = 3;
export const SUBSTRING = 4;
export const RANKS = 5;
export const NO_MATCH = -1;

/** Letters and digits (folded, so lower case) and anything non-ASCII continue a word. */
export const isWordChar = (code: number): boolean =>
  (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code >= 128;

/**
 * The rank of one option for a folded term: exact symbol or symbol part, symbol prefix, label
 * prefix, a later word of the label starting with the term, the term anywhere in symbol or label.
 * GramIndex.gather (search-grams.ts) ranks one- and two-character terms ahead by the same rules:
 * change both together.
 */
export function rankOf(term: string, symbol: string, part: string, label: string): number {
  if (symbol === term || part === term) return EXACT_SYMBOL;
  if (symbol.startsWith(term)) return SYMBOL_PREFIX;
  const at = label.indexOf(term);
  if (at === 0) return LABEL_PREFIX;
  for (let i = at; i > 0; i = label.indexOf(term, i + 1)) {
    if (!isWordChar(label.charCodeAt(i - 1))) return LABEL_WORD_PREFIX;
  }
  return at > 0 || symbol.includes(term) ? SUBSTRING : NO_MATCH;
}
