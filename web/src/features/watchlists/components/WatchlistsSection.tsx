import { useState, type FormEvent } from 'react';
import { limitReachedText } from '@core/subscription';
import { WATCHLIST_NAME_MAX } from '@core/watchlists';
import { QueryState } from '../../../components/QueryState';
import { moved, useWatchlistChange, useWatchlists } from '../api/watchlists';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { WatchlistCard } from './WatchlistCard';
import { WatchlistImport } from './WatchlistImport';
import type { StockPicker } from './stock-picker';
import './watchlists.css';

/**
 * The dashboard's watchlists: create a list, then each list in the user's order. Every change
 * goes to the server (which enforces the plan's limits and answers a stale change with 409); its
 * message is shown as it is, the lists are read again either way.
 */
export function WatchlistsSection({ stockPicker }: { stockPicker: StockPicker }) {
  const lists = useWatchlists();
  const change = useWatchlistChange();
  const [name, setName] = useState('');

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    change.mutate({ kind: 'create', name: trimmed }, { onSuccess: () => setName('') });
  };

  return (
    <section className="watchlists" aria-labelledby="dashboard-watchlists">
      <h2 id="dashboard-watchlists">Watchlists</h2>
      <QueryState query={lists} what="watchlists" empty="" lines={3}>
        {({ watchlists, limits }) => {
          const full = watchlists.length >= limits.watchlists;
          return (
            <>
              <form className="watchlist-create" onSubmit={create}>
                <label>
                  New watchlist{' '}
                  <input
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    maxLength={WATCHLIST_NAME_MAX}
                    disabled={full}
                  />
                </label>{' '}
                <button
                  type="submit"
                  className="button primary"
                  disabled={full || change.isPending || !name.trim()}
                >
                  Create watchlist
                </button>
                {full && (
                  <p className="watchlist-note" role="note">
                    {limitReachedText('watchlists', limits.watchlists, limits.tier)}
                  </p>
                )}
              </form>
              <div className="watchlist-files">
                <WatchlistImport lists={watchlists} canCreate={!full} />
                {watchlists.length > 0 && (
                  <ExportCsvButton kind="watchlists" label="Export watchlists as CSV" />
                )}
              </div>
              {change.isError && (
                <p role="alert" className="watchlist-error">
                  {change.error.message}
                </p>
              )}
              {watchlists.length === 0 && (
                <p className="watchlist-note">
                  You have no watchlists yet. Create one, then add stocks from the search box or
                  from a stock’s page.
                </p>
              )}
              {watchlists.map((list, index) => (
                <WatchlistCard
                  key={list.id}
                  stockPicker={stockPicker}
                  list={list}
                  position={index}
                  count={watchlists.length}
                  limit={limits.watchlists}
                  busy={change.isPending}
                  onChange={(c) => change.mutate(c)}
                  onMove={(delta) =>
                    change.mutate({
                      kind: 'reorder',
                      lists: moved(watchlists, index, index + delta),
                    })
                  }
                />
              ))}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
