import {
  EXACT_SYMBOL,
  isWordChar,
  LABEL_PREFIX,
  LABEL_WORD_PREFIX,
  RANKS,
  SUBSTRING,
  SYMBOL_PREFIX,
} from './search-rank';

/**
 * Posting lists of every one- and two-character piece (gram) of the folded symbols and labels.
 * Each list holds, per rank, the options that gram would rank at, in option order. The first two
 * keystrokes of any search, which match the most options, are then answered without a scan; longer
 * terms scan only the shortest list of their two-character pieces (every match contains each).
 *
 * Characters get small ids so a gram is an array slot, not a Map key: the build is a few flat
 * passes over the keys. Past MAX_ALPHABET distinct characters (only with many scripts in the
 * list) the rarest share one id; their lists then still hold every option that may match, and
 * terms containing them are ranked by a scan.
 */

const MAX_ALPHABET = 128;
const SHARED = MAX_ALPHABET - 1;
const UNSEEN = -1;
const EMPTY = new Int32Array(0);

/** Options ordered by rank, then option index; rank r occupies order[bounds[r]..bounds[r+1]). */
export interface RankedList {
  readonly order: Int32Array;
  readonly bounds: Int32Array;
}

const EMPTY_RANKED: RankedList = { order: EMPTY, bounds: new Int32Array(RANKS + 1) };

export class GramIndex {
  private readonly ids = new Int16Array(65_536).fill(UNSEEN);
  private readonly width: number;
  /** Start of each (slot, rank) run in `postings`; the last entry is the end. */
  private readonly offsets: Int32Array;
  private readonly postings: Int32Array;
  // Scratch for one option's grams while building.
  private readonly stamp: Int32Array;
  private readonly best: Uint8Array;
  private readonly touched: Int32Array;
  private count = 0;

  constructor(
    private readonly symbols: readonly string[],
    private readonly parts: readonly string[],
    private readonly labels: readonly string[],
  ) {
    let distinct = 0;
    for (const keys of [symbols, labels]) {
      for (const key of keys) {
        for (let p = 0; p < key.length; p += 1) {
          const code = key.charCodeAt(p);
          if (this.ids[code] === UNSEEN) {
            this.ids[code] = Math.min(distinct, SHARED);
            distinct += 1;
          }
        }
      }
    }
    const width = (this.width = Math.min(distinct, MAX_ALPHABET));
    const slots = width + width * width;
    this.stamp = new Int32Array(slots);
    this.best = new Uint8Array(slots);
    this.touched = new Int32Array(slots);

    // Pass 1 counts each (slot, rank) run, pass 2 fills the runs in option order.
    const offsets = (this.offsets = new Int32Array(slots * RANKS + 1));
    for (let option = 0; option < symbols.length; option += 1) {
      this.gather(option);
      for (let k = 0; k < this.count; k += 1) {
        const slot = this.touched[k]!;
        offsets[slot * RANKS + this.best[slot]! + 1]! += 1;
      }
    }
    for (let j = 1; j < offsets.length; j += 1) offsets[j]! += offsets[j - 1]!;
    const cursor = offsets.slice();
    const postings = (this.postings = new Int32Array(offsets[offsets.length - 1]!));
    this.stamp.fill(0);
    for (let option = 0; option < symbols.length; option += 1) {
      this.gather(option);
      for (let k = 0; k < this.count; k += 1) {
        const slot = this.touched[k]!;
        postings[cursor[slot * RANKS + this.best[slot]!]!++] = option;
      }
    }
  }

  /** Entries in all posting lists (memory: 4 bytes each). */
  get entries(): number {
    return this.postings.length;
  }

  /**
   * The exact ranked matches of a one- or two-character folded term, or undefined when a
   * character of it shares its id (the caller then scans `candidates`).
   */
  ranked(term: string): RankedList | undefined {
    const slot = this.slotOf(term, 0, term.length);
    if (slot === UNSEEN) return EMPTY_RANKED;
    if (slot === undefined) return undefined;
    const start = this.offsets[slot * RANKS]!;
    const bounds = new Int32Array(RANKS + 1);
    for (let r = 0; r <= RANKS; r += 1) bounds[r] = this.offsets[slot * RANKS + r]! - start;
    return { order: this.postings.subarray(start, start + bounds[RANKS]!), bounds };
  }

  /**
   * Options that may match the folded term (a superset): the shortest list of its grams,
   * empty when one of them occurs nowhere.
   */
  candidates(term: string): Int32Array {
    let best: Int32Array | undefined;
    const size = Math.min(term.length, 2);
    for (let at = 0; at + size <= term.length; at += 1) {
      const slot = this.slotOf(term, at, size, true);
      if (slot === UNSEEN || slot === undefined) return EMPTY;
      const list = this.postings.subarray(
        this.offsets[slot * RANKS]!,
        this.offsets[slot * RANKS + RANKS]!,
      );
      if (list.length === 0) return EMPTY;
      if (!best || list.length < best.length) best = list;
    }
    return best ?? EMPTY;
  }

  /**
   * The slot of `size` (1 or 2) characters of `text` from `at`: UNSEEN when one occurs nowhere,
   * undefined when one shares its id (unless `shared` allows it).
   */
  private slotOf(text: string, at: number, size: number, shared = false): number | undefined {
    let slot = 0;
    for (let p = at; p < at + size; p += 1) {
      const id = this.ids[text.charCodeAt(p)]!;
      if (id === UNSEEN) return UNSEEN;
      if (id === SHARED && !shared) return undefined;
      slot = slot * this.width + id;
    }
    return size === 1 ? slot : this.width + slot;
  }

  private idAt(text: string, at: number): number {
    return this.ids[text.charCodeAt(at)]!;
  }

  /** Records `rank` for a gram of the current option, keeping the best rank per gram. */
  private visit(slot: number, rank: number, option: number): void {
    if (this.stamp[slot] !== option + 1) {
      this.stamp[slot] = option + 1;
      this.best[slot] = rank;
      this.touched[this.count] = slot;
      this.count += 1;
    } else if (rank < this.best[slot]!) {
      this.best[slot] = rank;
    }
  }

  /**
   * Every gram of one option with the rank rankOf() gives the option for that gram as a term.
   * This restates rankOf (search-rank.ts) for terms of one or two characters, position by
   * position, because calling it per gram would multiply the build time: a change to either must
   * be made to both. search.test.ts ('ranks exactly as a plain scan') checks they agree.
   */
  private gather(option: number): void {
    this.count = 0;
    const width = this.width;
    const symbol = this.symbols[option]!;
    for (let p = 0; p < symbol.length; p += 1) {
      const rank = p === 0 ? SYMBOL_PREFIX : SUBSTRING;
      const id = this.idAt(symbol, p);
      this.visit(id, rank, option);
      if (p + 1 < symbol.length)
        this.visit(width + id * width + this.idAt(symbol, p + 1), rank, option);
    }
    for (const key of [symbol, this.parts[option]!]) {
      if (key.length === 1) this.visit(this.idAt(key, 0), EXACT_SYMBOL, option);
      if (key.length === 2) {
        this.visit(width + this.idAt(key, 0) * width + this.idAt(key, 1), EXACT_SYMBOL, option);
      }
    }
    const label = this.labels[option]!;
    for (let p = 0; p < label.length; p += 1) {
      const rank =
        p === 0
          ? LABEL_PREFIX
          : isWordChar(label.charCodeAt(p - 1))
            ? SUBSTRING
            : LABEL_WORD_PREFIX;
      const id = this.idAt(label, p);
      this.visit(id, rank, option);
      if (p + 1 < label.length)
        this.visit(width + id * width + this.idAt(label, p + 1), rank, option);
    }
  }
}
