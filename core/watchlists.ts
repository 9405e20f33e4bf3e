import type { Tier } from './subscription';

/**
 * A user's watchlists (the workspace is built on them). Each list carries its own version:
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
 * never deleted, and read-only until the user deletes some or upgrades. The lists keep their
 * stored order (the user's, see reorderedLists); only the read-only mark follows age. Portfolios
 * follow the same rule (core/portfolios.ts).
 */
export function withReadOnly<T extends { readonly id: string; readonly createdAt: string }>(
  lists: readonly T[],
  limit: number,
): (T & { readonly readOnly: boolean })[] {
  const editable = new Set(
    [...lists]
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
      .slice(0, Math.max(0, limit))
      .map((list) => list.id),
  );
  return lists.map((list) => ({ ...list, readOnly: !editable.has(list.id) }));
}

/** One list as the client last saw it: a reorder names every list with the version it knows. */
export interface WatchlistOrderEntry {
  readonly id: string;
  readonly version: number;
}

/**
 * The lists in the order asked for, or why not. A list id the user does not have is 'unknown'
 * (another user's id is never told apart from none). Otherwise the order must name exactly the
 * stored lists at the versions stored: one made on a stale copy (a list added, deleted or edited
 * elsewhere meanwhile) is 'stale' rather than silently dropping or resurrecting a list.
 */
export function reorderedLists(
  lists: readonly Watchlist[],
  order: readonly WatchlistOrderEntry[],
): Watchlist[] | 'unknown' | 'stale' {
  const byId = new Map(lists.map((list) => [list.id, list]));
  if (order.some(({ id }) => !byId.has(id))) return 'unknown';
  if (order.length !== lists.length) return 'stale';
  const next: Watchlist[] = [];
  for (const { id, version } of order) {
    const list = byId.get(id);
    if (!list || list.version !== version) return 'stale';
    byId.delete(id);
    next.push(list);
  }
  return next;
}

/** What a user sees of a list kept read-only after their plan changed. */
export const readOnlyWatchlistText = (limit: number): string =>
  `This watchlist is kept read-only: your plan allows ${limit} editable watchlist${limit === 1 ? '' : 's'}. Upgrade to Premium to edit it, or delete watchlists you no longer need.`;
