import type { Watchlist } from '../../../../core/watchlists';
import type { WatchlistStore } from '../../../ports/watchlist-store';
import { InMemoryUserCollection } from './user-collection';

/** Watchlists in memory (unit tests). */
export class InMemoryWatchlistStore
  extends InMemoryUserCollection<'lists', Watchlist>
  implements WatchlistStore
{
  constructor() {
    super('lists');
  }
}
