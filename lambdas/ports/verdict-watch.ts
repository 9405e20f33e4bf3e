import type { VerdictChange, VerdictStates } from '../../core/verdict-alerts';

/** A symbol waiting to have its verdicts evaluated, and the mark's token (a later mark renews it). */
export interface PendingCheck {
  readonly symbol: string;
  readonly token: string;
}

/**
 * The symbols whose verdicts may have changed: each ingest and curation write marks what it wrote,
 * the evaluator takes them and clears a mark once it has told every change it found.
 */
export interface VerdictChecks {
  /** Marks symbols for evaluation (a symbol marked again keeps one mark, with a new token). */
  mark(symbols: readonly string[]): Promise<void>;
  /** The marked symbols, a page at a time. */
  pending(): AsyncIterable<readonly PendingCheck[]>;
  /** Clears a mark, unless it was marked again since it was read (then the next run takes it). */
  done(check: PendingCheck): Promise<void>;
}

/** A change as the evaluator keeps it: its number among the symbol's changes, and when it was seen. */
export interface NumberedChange extends VerdictChange {
  readonly number: number;
  /** ISO instant of the run that saw it. */
  readonly at: string;
}

/** The last verdicts seen of one symbol, under every standard. */
export interface SeenVerdict {
  readonly symbol: string;
  readonly states: VerdictStates;
  /** How many changes were ever seen (the next one gets this number plus one). */
  readonly changes: number;
  /** Changes seen but not yet told to every holder (a run that died leaves them to the next). */
  readonly untold: readonly NumberedChange[];
  /** Raised by each write: two runs store one outcome. */
  readonly version: number;
}

/** The durable record of the last verdicts seen per symbol and standard (the stocks table). */
export interface SeenVerdicts {
  read(symbol: string): Promise<SeenVerdict | undefined>;
  /**
   * Stores `next` (its version the one after `expectedVersion`; 0: none stored yet), only if the
   * stored one is still at `expectedVersion`: false when another run got there first.
   */
  write(next: SeenVerdict, expectedVersion: number): Promise<boolean>;
}

/**
 * Who holds or watches a symbol: an index entry per symbol and user, added before (portfolios) or
 * right after (watchlists) a write that brings the symbol in, never removed by those writes. It
 * is a superset: the evaluator checks each holder against their portfolios and watchlists and
 * drops the entries that no longer hold.
 */
export interface VerdictHolders {
  add(sub: string, symbols: readonly string[]): Promise<void>;
  /** The subs indexed under a symbol, a page at a time. */
  holders(symbol: string): AsyncIterable<readonly string[]>;
  remove(sub: string, symbol: string): Promise<void>;
}
