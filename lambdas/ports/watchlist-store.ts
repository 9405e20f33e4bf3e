import type { Watchlist } from '../../core/watchlists';

/** What a change of a user's watchlists answers: the lists to store (none: store nothing). */
export type WatchlistChange<R> =
  | { readonly lists: readonly Watchlist[]; readonly result: R }
  | { readonly lists?: undefined; readonly result: R };

/**
 * Port over a user's watchlists, keyed by the Cognito sub: all of a user's lists are read and
 * changed together, so a rule over all of them (how many the plan allows) holds under concurrent
 * writers — `change` runs again on what another writer stored meanwhile.
 */
export interface WatchlistStore {
  list(sub: string): Promise<readonly Watchlist[]>;
  change<R>(sub: string, change: (lists: readonly Watchlist[]) => WatchlistChange<R>): Promise<R>;
}
