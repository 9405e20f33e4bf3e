import type { Watchlist } from '../../core/watchlists';
import type { CollectionChange, UserCollection } from './user-collection';

/** What a change of a user's watchlists answers: the lists to store (none: store nothing). */
export type WatchlistChange<R> = CollectionChange<'lists', Watchlist, R>;

/** Port over a user's watchlists, changed all together (user-collection.ts). */
export type WatchlistStore = UserCollection<'lists', Watchlist>;
