import type { Tier } from './subscription';

/**
 * A user's watchlists (issue 13 builds the workspace on them). Each list carries its own version:
 * two tabs editing different lists never collide, two editing the same one get a 409.
 */
export interface Watchlist {
  readonly id: string;
  readonly name: string;
  /** In the user's order. */
  readonly symbols: readonly string[];
  readonly version: number;
  /** ISO instants. */
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A list as its owner sees it: beyond their plan's limit (after a downgrade) it is read-only. */
export interface WatchlistView extends Watchlist {
  readonly readOnly: boolean;
}

export interface WatchlistsAnswer {
  readonly watchlists: readonly WatchlistView[];
  readonly limits: {
    readonly tier: Tier;
    readonly watchlists: number;
    readonly symbolsPerWatchlist: number;
  };
}

export const WATCHLIST_NAME_MAX = 60;

/**
 * Which lists stay editable on a plan allowing `limit` of them: the oldest ones. The rest are kept,
 * never deleted, and read-only until the user deletes some or upgrades.
 */
export const withReadOnly = (lists: readonly Watchlist[], limit: number): WatchlistView[] =>
  [...lists]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .map((list, index) => ({ ...list, readOnly: index >= limit }));

/** What a user sees of a list kept read-only after their plan changed. */
export const readOnlyWatchlistText = (limit: number): string =>
  `This watchlist is kept read-only: your plan allows ${limit} editable watchlist${limit === 1 ? '' : 's'}. Upgrade to Premium to edit it, or delete watchlists you no longer need.`;
