import type { TransactionEntry } from '../../core/portfolios';
import type { Watchlist } from '../../core/watchlists';
import type { PortfolioStore } from '../ports/portfolio-store';
import type { VerdictHolders } from '../ports/verdict-watch';
import type { WatchlistStore } from '../ports/watchlist-store';

const symbolOf = (transaction: TransactionEntry): string | undefined =>
  'symbol' in transaction ? transaction.symbol : undefined;

/**
 * The portfolio store keeping the verdict alerts' holders index (ports/verdict-watch.ts): the
 * symbols of the transactions a change stores are indexed before it is written, so a holder is
 * in the index whenever their transaction is stored (an index entry without its transaction, when
 * the write then fails, is dropped by the evaluator's check).
 */
export function holderIndexedPortfolios(
  store: PortfolioStore,
  holders: VerdictHolders,
): PortfolioStore {
  const indexed = Object.create(store) as PortfolioStore;
  indexed.change = async (sub, id, expectedVersion, change, at) => {
    const symbols = [...(change.add ?? []), ...(change.replace ?? [])].flatMap(
      (t) => symbolOf(t) ?? [],
    );
    if (symbols.length > 0) await holders.add(sub, symbols);
    return store.change(sub, id, expectedVersion, change, at);
  };
  return indexed;
}

const symbolsOf = (lists: readonly Watchlist[]) =>
  new Set(lists.flatMap((list) => list.symbols.map((s) => s.toUpperCase())));

/** The symbols `lists` holds that `items` does not. */
function addedBy(items: readonly Watchlist[], lists: readonly Watchlist[] | undefined): string[] {
  if (!lists) return [];
  const before = symbolsOf(items);
  return [...symbolsOf(lists)].filter((s) => !before.has(s));
}

/** What `change` would add to `current`; nothing when it refuses (the write refuses it too). */
function wouldAdd(
  current: readonly Watchlist[],
  change: (items: readonly Watchlist[]) => { readonly lists?: readonly Watchlist[] | undefined },
): string[] {
  try {
    return addedBy(current, change(current).lists);
  } catch {
    return [];
  }
}

/**
 * The watchlist store keeping the holders index: what a change would add to the lists as they are
 * now is indexed before the write (a change is a pure function of what is stored: the collection
 * runs it again after a lost race, so running it once more here is safe). If another writer got in
 * between and the change, run on their lists, added more, that is indexed once it is stored.
 */
export function holderIndexedWatchlists(
  store: WatchlistStore,
  holders: VerdictHolders,
): WatchlistStore {
  const indexed = Object.create(store) as WatchlistStore;
  indexed.change = async (sub, change) => {
    const current = await store.list(sub);
    const before = wouldAdd(current, change);
    if (before.length > 0) await holders.add(sub, before);
    let added: string[] = [];
    const result = await store.change(sub, (items) => {
      const next = change(items);
      added = addedBy(items, next.lists);
      return next;
    });
    const missed = added.filter((s) => !before.includes(s));
    if (missed.length > 0) await holders.add(sub, missed);
    return result;
  };
  return indexed;
}
