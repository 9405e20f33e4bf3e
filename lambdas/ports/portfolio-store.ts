import type { Portfolio, StoredTransaction, TransactionEntry } from '../../core/portfolios';

/** A portfolio with its transactions as they were at the portfolio's version. */
export interface PortfolioSnapshot {
  readonly portfolio: Portfolio;
  /** In the order they were entered. */
  readonly transactions: readonly StoredTransaction[];
}

/** A change of a portfolio's transactions: new ones (the store gives them ids), edits, deletions. */
export interface TransactionsChange {
  readonly add?: readonly TransactionEntry[];
  /** Transactions that exist, with their new content (same id). */
  readonly replace?: readonly StoredTransaction[];
  /** Ids of transactions that exist. */
  readonly remove?: readonly string[];
}

/**
 * What a change stored. `stale`: the portfolio was no longer at the expected version (or is gone);
 * `added` then holds what a large addition stored before another writer got in (it is written in
 * parts, each at the version the previous part left).
 */
export type ChangeOutcome =
  | {
      readonly stale: false;
      readonly portfolio: Portfolio;
      readonly added: readonly StoredTransaction[];
    }
  | { readonly stale: true; readonly added: readonly StoredTransaction[] };

/**
 * Port over a user's portfolios, keyed by the Cognito sub. A portfolio's header carries its
 * version; every change of it or its transactions is conditional on the version the caller read
 * and raises it, so no write is lost to another. How many portfolios a user has is kept with each
 * creation and deletion, so a plan's limit cannot be raced past.
 */
export interface PortfolioStore {
  /** The user's portfolios, oldest first. */
  list(sub: string): Promise<readonly Portfolio[]>;
  /** One portfolio and its transactions, consistent with each other; undefined if there is none. */
  read(sub: string, id: string): Promise<PortfolioSnapshot | undefined>;
  /** Stores a new portfolio unless the user has `limit` or more already (then false). */
  create(sub: string, portfolio: Portfolio, limit: number): Promise<boolean>;
  /** Replaces the header of a portfolio still at `expectedVersion`; false when stale or gone. */
  update(sub: string, portfolio: Portfolio, expectedVersion: number): Promise<boolean>;
  /** Changes the transactions of a portfolio still at `expectedVersion`, stamped `at`. */
  change(
    sub: string,
    id: string,
    expectedVersion: number,
    change: TransactionsChange,
    at: string,
  ): Promise<ChangeOutcome>;
  /** Deletes a portfolio with all its transactions; false when there was none. */
  delete(sub: string, id: string): Promise<boolean>;
}
