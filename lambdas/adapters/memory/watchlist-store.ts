import type { Watchlist } from '../../../core/watchlists';
import type { WatchlistChange, WatchlistStore } from '../../ports/watchlist-store';

/** Watchlists in memory (unit tests). */
export class InMemoryWatchlistStore implements WatchlistStore {
  readonly lists = new Map<string, readonly Watchlist[]>();

  async list(sub: string): Promise<readonly Watchlist[]> {
    return this.lists.get(sub) ?? [];
  }

  async change<R>(
    sub: string,
    change: (lists: readonly Watchlist[]) => WatchlistChange<R>,
  ): Promise<R> {
    const next = change(this.lists.get(sub) ?? []);
    if (next.lists) this.lists.set(sub, next.lists);
    return next.result;
  }
}
