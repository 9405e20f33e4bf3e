import { SEARCH_MAX_VISIBLE_ROWS } from './constants';
import { GramIndex, type RankedList } from './search-grams';
import { fold, LABEL_PREFIX, NO_MATCH, RANKS, rankOf } from './search-rank';

/**
 * The header's stock search (SPEC §2 Search box, §3 search option). The whole stock list (70,000+
 * entries) is searched in the browser on every keystroke, so the index does the expensive work
 * once: options built, keys lower-cased and accent-folded, options put in tie-break order, and
 * posting lists of every one- and two-character piece ranked ahead (search-grams.ts). A keystroke
 * then reads a posting list (first two characters) or ranks the candidates of the shortest list or
 * of the previous keystroke's matches (longer terms) and groups them by rank with a counting sort.
 * The matches themselves are never sorted: the best 10 are picked per rank by option index.
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

export interface SearchResult {
  /** The best `limit` matches, best first. */
  readonly options: readonly SearchOption[];
  /** How many options match in all (for 'Showing {x} of {n} results'). */
  readonly total: number;
}

/** §2: a term of only spaces is no search (the dropdown shows how many stocks there are). */
export const isBlankTerm = (term: string): boolean => term.trim() === '';

/** The matches of one folded term, grouped by rank (see RankedList). */
interface Matches extends RankedList {
  readonly term: string;
  /** Each rank's run is in option order (a posting list), not in candidate order (a scan). */
  readonly inOptionOrder: boolean;
}

const NO_MATCHES: Matches = {
  term: '',
  order: new Int32Array(0),
  bounds: new Int32Array(RANKS + 1),
  inOptionOrder: true,
};

// Up to this many rows, the best of a rank's run are picked by insertion; more are sorted.
const PICK_BY_INSERTION = 32;

/** The `count` smallest option indexes of an unordered run, ascending: its best, by tie-break. */
function smallest(run: Int32Array, count: number): Int32Array {
  if (count >= run.length || count > PICK_BY_INSERTION)
    return run.slice().sort().subarray(0, count);
  const best = new Int32Array(count);
  let size = 0;
  for (let k = 0; k < run.length; k += 1) {
    const option = run[k]!;
    if (size === count && option >= best[count - 1]!) continue;
    let at = size < count ? size++ : count - 1;
    for (; at > 0 && best[at - 1]! > option; at -= 1) best[at] = best[at - 1]!;
    best[at] = option;
  }
  return best;
}

export class SearchIndex {
  /** Every option, deduplicated by symbol (the first entry wins), in tie-break order. */
  readonly options: readonly SearchOption[];
  // Parallel arrays of folded keys: a query scans strings, not objects.
  private readonly symbols: readonly string[];
  private readonly parts: readonly string[];
  private readonly labels: readonly string[];
  private readonly grams: GramIndex;
  /** The last term's matches: typed on, they are narrowed instead of starting over. */
  private previous: Matches = NO_MATCHES;
  /** Lower-cased exchange → its first option (built at the first Enter that needs it). */
  private byExchange: Map<string, SearchOption> | undefined;

  constructor(stocks: Iterable<SearchableStock>) {
    // Within a rank, shorter symbols first, then alphabetical: typing 'A' lists A, AA, AAL, ….
    // Sorting here once means a query never compares options. The sort is stable, so duplicates
    // of a symbol end up adjacent with the first entry first (cheaper than a Map over 70,000 keys).
    const sorted = Array.from(stocks, toSearchOption).sort(
      (a, b) =>
        a.value.length - b.value.length || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
    );
    this.options = sorted.filter((option, i) => i === 0 || sorted[i - 1]!.value !== option.value);
    this.symbols = this.options.map((o) => fold(o.value));
    this.parts = this.options.map((o) => fold(o.second));
    this.labels = this.options.map((o) => fold(o.label));
    this.grams = new GramIndex(this.symbols, this.parts, this.labels);
  }

  get size(): number {
    return this.options.length;
  }

  /** Entries of the gram posting lists (4 bytes each). */
  get indexEntries(): number {
    return this.grams.entries;
  }

  /**
   * The best `limit` matches of the typed text (trimmed, case- and accent-insensitive) on the
   * symbol and the label, and how many there are: exact symbol or symbol part, then symbol
   * prefix, then label prefix, then a word of the label starting with it, then anywhere in symbol
   * or label; within a rank shorter symbols first, then alphabetical. A blank term matches nothing.
   */
  search(term: string, limit: number = SEARCH_MAX_VISIBLE_ROWS): SearchResult {
    const matches = this.match(term);
    const options: SearchOption[] = [];
    for (let r = 0; r < RANKS && options.length < limit; r += 1) {
      const run = matches.order.subarray(matches.bounds[r], matches.bounds[r + 1]);
      const count = Math.min(run.length, limit - options.length);
      const best = matches.inOptionOrder ? run.subarray(0, count) : smallest(run, count);
      for (let k = 0; k < best.length; k += 1) options.push(this.options[best[k]!]!);
    }
    return { options, total: matches.order.length };
  }

  /**
   * §2 Enter over the whole list: what pickOnEnter(term, options) gives, without reading 70,000
   * options per Enter. An option whose symbol, symbol part or label equals the text contains it at
   * the start of symbol or label, so it ranks as a label prefix or better: only those are checked
   * for the name fields. Exchanges repeat, so the first option of each is kept in a map; they
   * come last in ENTER_FIELDS, so a name match anywhere in the list still wins.
   */
  pick(term: string): SearchOption | undefined {
    if (isBlankTerm(term)) return undefined;
    const matches = this.match(term);
    const near = matches.order.slice(0, matches.bounds[LABEL_PREFIX + 1]).sort();
    const options = Array.from(near, (i) => this.options[i]!);
    const byName = pickOnEnter(term, options, NAME_FIELDS);
    if (byName) return byName;
    if (!this.byExchange) {
      this.byExchange = new Map();
      for (const option of this.options) {
        const key = option.first.toLowerCase();
        if (!this.byExchange.has(key)) this.byExchange.set(key, option);
      }
    }
    return this.byExchange.get(term.trim().toLowerCase());
  }

  /** Every match of the term, by rank. The same or a longer term reuses the last answer. */
  private match(term: string): Matches {
    const q = fold(term.trim());
    if (q === '') return NO_MATCHES;
    if (q === this.previous.term) return this.previous;
    const exact = q.length <= 2 ? this.grams.ranked(q) : undefined;
    if (exact) {
      this.previous = { term: q, ...exact, inOptionOrder: true };
      return this.previous;
    }
    let candidates = this.grams.candidates(q);
    // Every match of 'appl' is a match of 'app': when the term grows, narrow the last matches.
    const previous = this.previous;
    if (
      previous.term !== '' &&
      q.startsWith(previous.term) &&
      previous.order.length < candidates.length
    ) {
      candidates = previous.order;
    }
    this.previous = this.scan(q, candidates);
    return this.previous;
  }

  /** Ranks each candidate, then groups the matches by rank (a counting sort: no comparisons). */
  private scan(q: string, candidates: Int32Array): Matches {
    const ranks = new Int8Array(candidates.length);
    const bounds = new Int32Array(RANKS + 1);
    for (let k = 0; k < candidates.length; k += 1) {
      const i = candidates[k]!;
      const rank = rankOf(q, this.symbols[i]!, this.parts[i]!, this.labels[i]!);
      ranks[k] = rank;
      if (rank !== NO_MATCH) bounds[rank + 1]! += 1;
    }
    for (let r = 1; r <= RANKS; r += 1) bounds[r]! += bounds[r - 1]!;
    const cursor = bounds.slice();
    const order = new Int32Array(bounds[RANKS]!);
    for (let k = 0; k < candidates.length; k += 1) {
      const rank = ranks[k]!;
      if (rank !== NO_MATCH) order[cursor[rank]!++] = candidates[k]!;
    }
    return { term: q, order, bounds, inOptionOrder: false };
  }
}

export const createSearchIndex = (stocks: Iterable<SearchableStock>): SearchIndex =>
  new SearchIndex(stocks);

/** Fields §2 Enter compares with the typed text, in order of precedence. */
export type EnterField = 'value' | 'second' | 'label' | 'first';
// Symbol, symbol part, name: what the stock is called. The exchange comes last.
const NAME_FIELDS: readonly EnterField[] = ['value', 'second', 'label'];
const ENTER_FIELDS: readonly EnterField[] = [...NAME_FIELDS, 'first'];

/**
 * §2 Enter: the option whose value, symbol part, label or exchange equals the typed text, ignoring
 * case. When several options qualify, a symbol match beats a name match beats an exchange match
 * (typing 'AAPL' must not open whichever NASDAQ stock comes first); among equals, the first option.
 * `fields` narrows the comparison to some of them, in the same precedence.
 */
export function pickOnEnter(
  term: string,
  options: readonly SearchOption[],
  fields: readonly EnterField[] = ENTER_FIELDS,
): SearchOption | undefined {
  if (isBlankTerm(term)) return undefined;
  const q = term.trim().toLowerCase();
  for (const field of fields) {
    const hit = options.find((option) => option[field].toLowerCase() === q);
    if (hit) return hit;
  }
  return undefined;
}

// An ISIN's shape (ISO 6166: country, nine characters, check digit); the server checks the rest.
const ISIN_SHAPE = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;

/**
 * The ISIN a typed text is, upper-cased, or undefined. The stock list the box searches carries no
 * ISINs (70,000 of them would double its download), so an ISIN is looked up on the server.
 */
export function isinTerm(term: string): string | undefined {
  const upper = term.trim().toUpperCase();
  return ISIN_SHAPE.test(upper) ? upper : undefined;
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

// Not a §2 text (§2 is silent on a failed list); said plainly, with a Retry beside it.
const LIST_FAILED_TEXT = 'The stock list could not be loaded.';

/** What the dropdown shows besides its rows. */
export interface SearchStatus {
  /**
   * loading / failed: the list is not there yet; idle: nothing typed; none: no match;
   * results: rows to show.
   */
  readonly state: 'loading' | 'failed' | 'idle' | 'none' | 'results';
  /** The line above the rows, also what the live region reads out. */
  readonly text: string;
  /** False when only screen readers get the line: 1 to 10 results have no §2 text. */
  readonly visible: boolean;
  /** The line under a no-match text. */
  readonly hint?: string;
}

/**
 * §2: the dropdown's texts for the stock list's state, its size, the (debounced) typed text and
 * how many stocks match it. 'Showing {x} of {n} results' only above 10 results, x being the 10
 * rows the dropdown shows.
 */
export function searchStatus({
  list,
  size,
  term,
  total,
}: {
  readonly list: 'loading' | 'failed' | 'ready';
  readonly size: number;
  readonly term: string;
  readonly total: number;
}): SearchStatus {
  if (list !== 'ready') {
    return {
      state: list,
      text: list === 'loading' ? LOADING_STOCKS_TEXT : LIST_FAILED_TEXT,
      visible: true,
    };
  }
  if (isBlankTerm(term)) return { state: 'idle', text: stocksAvailableText(size), visible: true };
  if (total === 0) {
    return {
      state: 'none',
      text: noMatchesText(term.trim()),
      visible: true,
      hint: NO_MATCHES_HINT_TEXT,
    };
  }
  if (total > SEARCH_MAX_VISIBLE_ROWS) {
    const text = `Showing ${count(SEARCH_MAX_VISIBLE_ROWS)} of ${count(total)} results`;
    return { state: 'results', text, visible: true };
  }
  return {
    state: 'results',
    text: `${total} ${total === 1 ? 'result' : 'results'}`,
    visible: false,
  };
}
