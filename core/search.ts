import { SEARCH_MAX_VISIBLE_ROWS } from './constants';

/**
 * The header's stock search (SPEC §2 Search box, §3 search option). The whole stock list (70,000+
 * entries) is searched in the browser on every keystroke, so the index does the expensive work
 * once: options built, keys lower-cased and accent-folded, entries pre-ordered so a query is one
 * linear scan with no sorting.
 */

/** What a stock of the list brings (§3 Stock); the list endpoint's entries fit this shape. */
export interface SearchableStock {
  readonly symbol: string;
  readonly name?: string | null;
  readonly companyName?: string | null;
  readonly exchangeShortName?: string | null;
  readonly exchange?: string | null;
}

/** §3 search option. */
export interface SearchOption {
  /** The symbol. */
  readonly value: string;
  /** name, else companyName, else the symbol. */
  readonly label: string;
  /** The exchange short name, else the exchange ('' when the stock has neither). */
  readonly first: string;
  /** The symbol portion before the first dot ('BRK.B' → 'BRK'). */
  readonly second: string;
}

// Blank strings count as missing, so an empty name still falls back to companyName.
const present = (text: string | null | undefined): text is string =>
  typeof text === 'string' && text.trim() !== '';

export function toSearchOption(stock: SearchableStock): SearchOption {
  const { symbol, name, companyName, exchangeShortName, exchange } = stock;
  const dot = symbol.indexOf('.');
  return {
    value: symbol,
    label: present(name) ? name : present(companyName) ? companyName : symbol,
    first: present(exchangeShortName) ? exchangeShortName : present(exchange) ? exchange : '',
    second: dot === -1 ? symbol : symbol.slice(0, dot),
  };
}

const NON_ASCII = /[\u0080-\uffff]/;

/** Lower case without accents, so 'nestle' finds 'Nestlé'. Most names are ASCII: skip normalize. */
const fold = (text: string): string =>
  NON_ASCII.test(text)
    ? text
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
    : text.toLowerCase();

// Match ranks, best first (§2 ranking of this product).
const EXACT_SYMBOL = 0;
const SYMBOL_PREFIX = 1;
const LABEL_PREFIX = 2;
const LABEL_WORD_PREFIX = 3;
const SUBSTRING = 4;
const RANKS = 5;
const NO_MATCH = -1;

const isWordChar = (code: number) =>
  (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code >= 128;

function rankOf(term: string, symbol: string, part: string, label: string): number {
  if (symbol === term || part === term) return EXACT_SYMBOL;
  if (symbol.startsWith(term)) return SYMBOL_PREFIX;
  const at = label.indexOf(term);
  if (at === 0) return LABEL_PREFIX;
  for (let i = at; i > 0; i = label.indexOf(term, i + 1)) {
    if (!isWordChar(label.charCodeAt(i - 1))) return LABEL_WORD_PREFIX;
  }
  return at > 0 || symbol.includes(term) ? SUBSTRING : NO_MATCH;
}

export interface SearchResult {
  /** The best `limit` matches, best first. */
  readonly options: readonly SearchOption[];
  /** How many options match in all (for 'Showing {x} of {n} results'). */
  readonly total: number;
}

const NO_RESULT: SearchResult = { options: [], total: 0 };

export class SearchIndex {
  /** Every option, deduplicated by symbol (the first entry wins), in tie-break order. */
  readonly options: readonly SearchOption[];
  // Parallel arrays of folded keys: a query scans strings, not objects.
  private readonly symbols: readonly string[];
  private readonly parts: readonly string[];
  private readonly labels: readonly string[];
  /** Bigram → ascending option indexes whose symbol or label contains it (built on demand). */
  private bigrams: Map<number, Int32Array> | undefined;
  /**
   * One- and two-character terms match large parts of the list and recur for every word typed:
   * each is scanned once, then remembered (best matches and the match set to narrow from).
   */
  private readonly shortTerms = new Map<
    string,
    { readonly result: SearchResult; readonly matches: Int32Array }
  >();
  /** The previous term's matches: typing on narrows them instead of starting over. */
  private previous: { readonly term: string; readonly matches: Int32Array } | undefined;

  constructor(stocks: Iterable<SearchableStock>) {
    // Within a rank, shorter symbols first, then alphabetical: typing 'A' lists A, AA, AAL, ….
    // Sorting here once means a query never sorts. The sort is stable, so duplicates of a symbol
    // end up adjacent with the first entry first (cheaper than a Map over 70,000 keys).
    const sorted = Array.from(stocks, toSearchOption).sort(
      (a, b) =>
        a.value.length - b.value.length || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
    );
    this.options = sorted.filter((option, i) => i === 0 || sorted[i - 1]!.value !== option.value);
    this.symbols = this.options.map((o) => fold(o.value));
    this.parts = this.options.map((o) => fold(o.second));
    this.labels = this.options.map((o) => fold(o.label));
  }

  get size(): number {
    return this.options.length;
  }

  /**
   * Matches for the typed text (trimmed, case- and accent-insensitive) on the symbol and the label:
   * exact symbol or symbol part, then symbol prefix, then label prefix, then a word of the label
   * starting with it, then anywhere in symbol or label. An empty term matches nothing (the
   * dropdown then shows how many stocks are available).
   *
   * Every match contains each two-character piece of the term, so a term of two or more
   * characters only checks the options listed under its rarest bigram — a few hundred instead of
   * the whole list — and the ranking stays the plain scan's.
   */
  search(term: string, limit: number = SEARCH_MAX_VISIBLE_ROWS): SearchResult {
    const q = fold(term.trim());
    if (q === '') return NO_RESULT;
    if (q.length <= SHORT_TERM && limit <= SHORT_TERM_CACHE) {
      let cached = this.shortTerms.get(q);
      if (!cached) {
        const result = this.scan(
          q,
          q.length === 1 ? undefined : this.candidatesFor(q),
          SHORT_TERM_CACHE,
        );
        cached = { result, matches: this.previous!.matches };
        this.shortTerms.set(q, cached);
      }
      this.previous = { term: q, matches: cached.matches };
      const { options, total } = cached.result;
      return { options: options.slice(0, Math.max(0, limit)), total };
    }
    let candidates = q.length === 1 ? undefined : this.candidatesFor(q);
    // Every match of 'appl' is a match of 'app': when the term grows, search the last matches.
    const previous = this.previous;
    if (previous && q.startsWith(previous.term) && q.length > 1) {
      if (!candidates || previous.matches.length < candidates.length) candidates = previous.matches;
    }
    return this.scan(q, candidates, limit);
  }

  private scan(q: string, candidates: Int32Array | undefined, limit: number): SearchResult {
    const buckets: SearchOption[][] = Array.from({ length: RANKS }, () => []);
    const count = candidates ? candidates.length : this.symbols.length;
    const matches = new Int32Array(count);
    let total = 0;
    for (let k = 0; k < count; k += 1) {
      const i = candidates ? candidates[k]! : k;
      const rank = rankOf(q, this.symbols[i]!, this.parts[i]!, this.labels[i]!);
      if (rank === NO_MATCH) continue;
      matches[total] = i;
      total += 1;
      const bucket = buckets[rank]!;
      if (bucket.length < limit) bucket.push(this.options[i]!);
    }
    this.previous = { term: q, matches: matches.subarray(0, total) };
    return { options: buckets.flat().slice(0, Math.max(0, limit)), total };
  }

  /** The posting list of the term's rarest bigram (empty when some bigram occurs nowhere). */
  private candidatesFor(q: string): Int32Array {
    const index = (this.bigrams ??= this.buildBigrams());
    let best: Int32Array | undefined;
    for (let i = 0; i + 1 < q.length; i += 1) {
      const list = index.get(bigramOf(q, i));
      if (!list) return EMPTY;
      if (!best || list.length < best.length) best = list;
    }
    return best ?? EMPTY;
  }

  private buildBigrams(): Map<number, Int32Array> {
    const lists = new Map<number, number[]>();
    const add = (key: string, option: number) => {
      for (let i = 0; i + 1 < key.length; i += 1) {
        const code = bigramOf(key, i);
        let list = lists.get(code);
        if (!list) lists.set(code, (list = []));
        // Options are visited in order, so a repeat within one option is the list's last entry.
        if (list[list.length - 1] !== option) list.push(option);
      }
    };
    for (let option = 0; option < this.options.length; option += 1) {
      add(this.symbols[option]!, option);
      add(this.labels[option]!, option);
    }
    // Each list is ascending and free of repeats already: options were visited in order.
    const index = new Map<number, Int32Array>();
    for (const [code, list] of lists) index.set(code, Int32Array.from(list));
    return index;
  }
}

const EMPTY = new Int32Array(0);
/** Terms up to this length are remembered, with this many best matches. */
const SHORT_TERM = 2;
const SHORT_TERM_CACHE = 100;

const bigramOf = (text: string, at: number): number =>
  text.charCodeAt(at) * 65_536 + text.charCodeAt(at + 1);

export const createSearchIndex = (stocks: Iterable<SearchableStock>): SearchIndex =>
  new SearchIndex(stocks);

/**
 * §2 Enter: the option whose value, symbol part, label or exchange equals the typed text, ignoring
 * case. When several options qualify, a symbol match beats a name match beats an exchange match
 * (typing 'AAPL' must not open whichever NASDAQ stock comes first).
 */
export function pickOnEnter(
  term: string,
  options: readonly SearchOption[],
): SearchOption | undefined {
  const q = term.trim().toLowerCase();
  if (q === '') return undefined;
  for (const field of ['value', 'second', 'label', 'first'] as const) {
    const hit = options.find((option) => option[field].toLowerCase() === q);
    if (hit) return hit;
  }
  return undefined;
}

/** §2: picking a result opens the stock's page. */
export const stockPath = (symbol: string): string => `/stocks/${encodeURIComponent(symbol)}`;

// Counts carry thousands separators ('70,000 stocks available'): the spec's {n} is a number to
// read, and the rest of the product prints numbers en-US.
const count = (n: number) => n.toLocaleString('en-US');

// §2 dropdown texts, word for word.
export const SEARCH_PLACEHOLDER = 'Search symbols or companies';
export const LOADING_STOCKS_TEXT = 'Loading stocks...';
export const NO_MATCHES_HINT_TEXT = 'Try adjusting your search term';

export const stocksAvailableText = (n: number): string =>
  `${count(n)} stocks available - start typing to search`;

export const noMatchesText = (term: string): string => `No matches found for "${term}"`;

/** 'Showing {x} of {n} results', only when there are more than 10 results. */
export function resultsSummaryText(shown: number, total: number): string | undefined {
  return total > SEARCH_MAX_VISIBLE_ROWS
    ? `Showing ${count(shown)} of ${count(total)} results`
    : undefined;
}
