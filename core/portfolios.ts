import type { Currency } from './market/fx';
import type { Ledger } from './portfolio/holdings';
import type { PortfolioSummary } from './portfolio/summary';
import type { Transaction } from './portfolio/transactions';
import type { Tier } from './subscription';

/**
 * A user's portfolios as stored and served: each one's header (name, currency, benchmark, its
 * version) and its transactions (core/portfolio/transactions.ts). Every change of a portfolio's
 * transactions is made at the version its writer read: two tabs editing the same portfolio get a
 * 409, two editing different ones never collide.
 */
export interface Portfolio {
  readonly id: string;
  readonly name: string;
  /** The currency its value, gains and returns are shown in. */
  readonly currency: Currency;
  /** The market index its returns are set beside (core/market/indexes.ts). */
  readonly benchmark: string;
  readonly version: number;
  /** ISO instants. */
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A portfolio as its owner sees it: beyond their plan's limit (after a downgrade) it is read-only. */
export interface PortfolioView extends Portfolio {
  readonly readOnly: boolean;
}

export interface PortfoliosAnswer {
  readonly portfolios: readonly PortfolioView[];
  readonly limits: {
    readonly tier: Tier;
    readonly portfolios: number;
    readonly holdingsPerPortfolio: number;
  };
}

/**
 * A transaction as kept: its `id` is the store's (its place in the order of entry, which orders
 * same-day transactions), and `importKey` the fingerprint of the imported row it came from, so
 * the same row imported again adds nothing.
 */
export type StoredTransaction = Transaction & { readonly importKey?: string };

/** `Omit` over each member of a union (the plain one would merge the transaction types). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A transaction to add: the store gives it its id. */
export type TransactionEntry = OmitEach<Transaction, 'id'> & { readonly importKey?: string };

/** A portfolio with its transactions in the order they were entered. */
export interface PortfolioTransactions {
  readonly portfolio: PortfolioView;
  readonly transactions: readonly StoredTransaction[];
}

/** A portfolio's summary (core/portfolio/summary.ts) as the API serves it, with its header. */
export interface PortfolioSummaryAnswer {
  readonly portfolio: PortfolioView;
  readonly summary: PortfolioSummary;
}

/** What adding transactions did: the ones added, and how many were there already (importKey). */
export interface TransactionsAdded {
  readonly portfolio: PortfolioView;
  readonly transactions: readonly StoredTransaction[];
  readonly added: number;
  readonly alreadyThere: number;
}

/** One transaction written (added or edited), with the portfolio at its new version. */
export interface TransactionWritten {
  readonly portfolio: PortfolioView;
  readonly transaction: StoredTransaction;
}

export const PORTFOLIO_NAME_MAX = 60;
/** An import's row fingerprint, as the import builds it (a hash, or the broker's own id). */
export const IMPORT_KEY_MAX = 200;
/**
 * The most transactions one portfolio keeps (the benchmark's 5,000 with room to spare): every
 * change replays them all, so the work of a request stays bounded.
 */
export const PORTFOLIO_TRANSACTIONS_MAX = 10_000;

export const PORTFOLIO_ID = /^pf_[0-9a-f]{24}$/;
export const TRANSACTION_ID = /^tx_\d{10}$/;

/** The id of the `seq`-th transaction entered (zero-padded, so ids sort in the order of entry). */
export const transactionIdOf = (seq: number): string => `tx_${String(seq).padStart(10, '0')}`;

/** Symbols the ledger holds (closed positions do not count against a plan's limit). */
export const heldSymbolCount = (ledger: Ledger): number =>
  ledger.holdings.filter((h) => h.quantity > 0).length;

/** What a user sees of a portfolio kept read-only after their plan changed. */
export const readOnlyPortfolioText = (limit: number): string =>
  `This portfolio is kept read-only: your plan allows ${limit} editable portfolio${limit === 1 ? '' : 's'}. Upgrade to Premium to edit it, or delete portfolios you no longer need.`;

/** What a user sees when their portfolio was changed elsewhere since they read it. */
export const STALE_PORTFOLIO_TEXT =
  'This portfolio was changed elsewhere meanwhile: reload it and try again.';
