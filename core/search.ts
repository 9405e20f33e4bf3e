import { SEARCH_MAX_VISIBLE_ROWS } from './constants';
import { GramIndex } from './search-grams';
import { fold, LABEL_PREFIX, NO_MATCH, RANKS, rankOf } from './search-rank';

/**
 * The header's stock search (SPEC §2 Search box, §3 search option). The whole stock list (70,000+
 * entries) is searched in the browser on every keystroke, so the index does the expensive work
 * once: options built, keys lower-cased and accent-folded, options put in tie-break order, and
 * posting lists of every one- and two-character piece ranked ahead (search-grams.ts). A keystroke
 * then reads a posting list (first two characters) or ranks the few options of the shortest list
 * or of the previous keystroke's matches (longer terms): never the whole list, never a sort of it.
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

/**
 * Every match of one term, best first. Only the rows asked for become options, so a list that
 * scrolls through 40,000 matches costs what its visible rows cost.
 */
export class RankedMatches {
  /** Ranks whose run of `order` is already in option order. */
  private readonly sorted: boolean[];

  constructor(
    /** The folded term. */
    readonly term: string,
    /** Option indexes by rank; within a rank in option order once sorted. */
    readonly order: Int32Array,
    /** Rank r occupies order[bounds[r]..bounds[r + 1]). */
    private readonly bounds: Int32Array,
    private readonly options: readonly SearchOption[],
    sorted: boolean,
  ) {
    this.sorted = Array.from({ length: RANKS }, () => sorted);
  }

  get total(): number {
    return this.order.length;
  }

  /** Option indexes of the matches ranked `rank` or better (in no particular order). */
  upTo(rank: number): Int32Array {
    return this.order.subarray(0, this.bounds[rank + 1]);
  }

  /** The matches from `start` up to (not including) `end`, best first. */
  slice(start: number, end: number): SearchOption[] {
    const from = Math.max(0, start);
    const to = Math.min(this.order.length, end);
    if (from >= to) return [];
    // A rank's run is put in option order when a row of it is first asked for.
    for (let r = 0; r < RANKS; r += 1) {
      if (this.sorted[r] || this.bounds[r + 1]! <= from || this.bounds[r]! >= to) continue;
      this.order.subarray(this.bounds[r], this.bounds[r + 1]).sort();
      this.sorted[r] = true;
    }
    const rows: SearchOption[] = [];
    for (let k = from; k < to; k += 1) rows.push(this.options[this.order[k]!]!);
    return rows;
  }
}

export class SearchIndex {
  /** Every option, deduplicated by symbol (the first entry wins), in tie-break order. */
  readonly options: readonly SearchOption[];
  // Parallel arrays of folded keys: a query scans strings, not objects.
  private readonly symbols: readonly string[];
  private readonly parts: readonly string[];
  private readonly labels: readonly string[];
  private readonly grams: GramIndex;
  private readonly none: RankedMatches;
  /** The last answer: asked again (scrolling), it is reused; typed on, it is narrowed. */
  private previous: RankedMatches;
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
    this.none = new RankedMatches('', new Int32Array(0), new Int32Array(RANKS + 1), [], true);
    this.previous = this.none;
  }

  get size(): number {
    return this.options.length;
  }

  /** Entries of the gram posting lists (4 bytes each). */
  get indexEntries(): number {
    return this.grams.entries;
  }

  /**
   * All matches of the typed text (trimmed, case- and accent-insensitive) on the symbol and the
   * label, best first: exact symbol or symbol part, then symbol prefix, then label prefix, then a
   * word of the label starting with it, then anywhere in symbol or label; within a rank shorter
   * symbols first, then alphabetical. An empty term matches nothing (the dropdown then shows how
   * many stocks are available).
   */
  match(term: string): RankedMatches {
    const q = fold(term.trim());
    if (q === '') return this.none;
    if (q === this.previous.term) return this.previous;
    const exact = q.length <= 2 ? this.grams.ranked(q) : undefined;
    if (exact) {
      this.previous = new RankedMatches(q, exact.order, exact.bounds, this.options, true);
      return this.previous;
    }
    let candidates = this.grams.candidates(q);
    // Every match of 'appl' is a match of 'app': when the term grows, narrow the last matches.
    const previous = this.previous;
    if (previous.term !== '' && q.startsWith(previous.term) && previous.total < candidates.length) {
      candidates = previous.order;
    }
    this.previous = this.scan(q, candidates);
    return this.previous;
  }

  /** The best `limit` matches and how many there are (see `match`). */
  search(term: string, limit: number = SEARCH_MAX_VISIBLE_ROWS): SearchResult {
    const matches = this.match(term);
    return { options: matches.slice(0, limit), total: matches.total };
  }

  /**
   * §2 Enter: what pickOnEnter(term, options) gives over the whole list, without reading 70,000
   * options per Enter. An option whose symbol, symbol part or label equals the text contains it at
   * the start of symbol or label, so it ranks as a label prefix or better: only those are checked.
   * Exchanges repeat, so the first option of each is kept in a map.
   */
  pick(term: string): SearchOption | undefined {
    const q = term.trim().toLowerCase();
    if (q === '') return undefined;
    const near = Array.from(this.match(term).upTo(LABEL_PREFIX)).sort((a, b) => a - b);
    const hit = pickOnEnter(
      term,
      near.map((i) => this.options[i]!),
    );
    if (hit) return hit;
    if (!this.byExchange) {
      this.byExchange = new Map();
      for (const option of this.options) {
        const key = option.first.toLowerCase();
        if (!this.byExchange.has(key)) this.byExchange.set(key, option);
      }
    }
    return this.byExchange.get(q);
  }

  /** Ranks each candidate, then orders the matches by rank (a counting sort: no comparisons). */
  private scan(q: string, candidates: Int32Array): RankedMatches {
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
    return new RankedMatches(q, order, bounds, this.options, false);
  }
}

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
