import { useId, useState, type FormEvent } from 'react';
import type { StockPicker } from './stock-picker';
import { verdictCell } from '@core/market/shariah-verdicts';
import { verdictStandardText } from '@core/shariah-preference';
import { readOnlyWatchlistText, WATCHLIST_NAME_MAX, type WatchlistView } from '@core/watchlists';
import { useShariahStandard } from '../../../lib/shariah-standard';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { moved, type WatchlistChange } from '../api/watchlists';
import { useNextEarnings } from '../api/next-earnings';
import { useWatchQuotes } from '../api/watch-quotes';
import { useWatchVerdicts } from '../api/watch-verdicts';
import { WatchlistTable, type WatchlistRow } from './WatchlistTable';

/**
 * One watchlist: its name and actions (rename, move, delete), a search box adding a stock, and
 * its rows with live quotes from one batched request. A read-only list (beyond the plan after a
 * downgrade) shows its rows and why it cannot be edited.
 */
export function WatchlistCard({
  list,
  position,
  count,
  limit,
  busy,
  onChange,
  onMove,
  stockPicker,
}: {
  list: WatchlistView;
  position: number;
  count: number;
  /** How many editable lists the plan allows (for the read-only text). */
  limit: number;
  busy: boolean;
  onChange: (change: WatchlistChange) => void;
  /** Moves this list by `delta` places in the user's order. */
  onMove: (delta: -1 | 1) => void;
  /** The site's stock search, given by app/ (features stay apart). */
  stockPicker: StockPicker;
}) {
  const headingId = useId();
  const quotes = useWatchQuotes(list.symbols);
  const earnings = useNextEarnings(list.symbols);
  const verdicts = useWatchVerdicts(list.symbols);
  const shown = useShariahStandard();
  const [renaming, setRenaming] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const editable = !list.readOnly && !busy;
  const update = (change: { name?: string; symbols?: readonly string[] }) =>
    onChange({ kind: 'update', list, ...change });

  const verdictOf = (symbol: string) => {
    const row = verdicts.data?.get(symbol.toUpperCase());
    return row && shown ? verdictCell(row.shariah, shown.standard, row.unavailable) : undefined;
  };
  const rows: WatchlistRow[] = list.symbols.map((symbol, index) => ({
    symbol,
    position: index,
    data: quotes.data?.get(symbol),
    nextEarnings: earnings.data ? (earnings.data.get(symbol)?.date ?? null) : undefined,
    verdict: verdictOf(symbol),
  }));

  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    if (name && name !== list.name) update({ name });
    setRenaming(false);
  };

  const moveSymbol = (from: number, to: number) =>
    update({ symbols: moved(list.symbols, from, to) });

  return (
    <section className="watchlist card" aria-labelledby={headingId}>
      <header className="watchlist-head">
        <h3 id={headingId}>{list.name}</h3>
        <div className="watchlist-actions">
          <button
            type="button"
            className="button"
            disabled={!editable}
            onClick={() => setRenaming(true)}
          >
            Rename<span className="visually-hidden"> {list.name}</span>
          </button>
          <button
            type="button"
            className="button"
            disabled={busy || position === 0}
            onClick={() => onMove(-1)}
          >
            Move up<span className="visually-hidden"> {list.name}</span>
          </button>
          <button
            type="button"
            className="button"
            disabled={busy || position === count - 1}
            onClick={() => onMove(1)}
          >
            Move down<span className="visually-hidden"> {list.name}</span>
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => setConfirmDelete(true)}
          >
            Delete<span className="visually-hidden"> {list.name}</span>
          </button>
        </div>
      </header>
      {renaming && (
        <form className="watchlist-rename" onSubmit={rename}>
          <label>
            New name for {list.name}{' '}
            <input
              name="name"
              defaultValue={list.name}
              maxLength={WATCHLIST_NAME_MAX}
              required
              // The form opens on the user's click: the field they asked for gets the focus.
              autoFocus
            />
          </label>{' '}
          <button type="submit" className="button primary">
            Save name
          </button>{' '}
          <button type="button" className="button" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      )}
      {list.readOnly ? (
        <p role="note" className="watchlist-note">
          {readOnlyWatchlistText(limit)}
        </p>
      ) : (
        <div className="watchlist-add">
          {stockPicker({
            label: `Add a stock to ${list.name}`,
            onPick: (symbol) => {
              if (!list.symbols.includes(symbol)) update({ symbols: [...list.symbols, symbol] });
            },
          })}
        </div>
      )}
      {list.symbols.length === 0 ? (
        <p className="watchlist-note">No stocks yet: add one with the search box above.</p>
      ) : (
        <>
          {shown && (
            <p className="watchlist-note muted">
              {verdictStandardText(shown.standard, shown.source)}
            </p>
          )}
          {verdicts.isError && (
            <p role="alert" className="watchlist-note">
              The Shariah verdicts could not be loaded.
            </p>
          )}
          {quotes.isError && (
            <p role="alert" className="watchlist-note">
              The quotes could not be loaded; they are retried every few seconds.
            </p>
          )}
          <WatchlistTable
            name={list.name}
            rows={rows}
            actions={
              list.readOnly
                ? undefined
                : (row) => (
                    <span className="row-actions">
                      <button
                        type="button"
                        className="link-button"
                        disabled={!editable || row.position === 0}
                        onClick={() => moveSymbol(row.position, row.position - 1)}
                      >
                        Up<span className="visually-hidden"> {row.symbol}</span>
                      </button>
                      <button
                        type="button"
                        className="link-button"
                        disabled={!editable || row.position === list.symbols.length - 1}
                        onClick={() => moveSymbol(row.position, row.position + 1)}
                      >
                        Down<span className="visually-hidden"> {row.symbol}</span>
                      </button>
                      <button
                        type="button"
                        className="link-button"
                        disabled={!editable}
                        onClick={() =>
                          update({ symbols: list.symbols.filter((s) => s !== row.symbol) })
                        }
                      >
                        Remove<span className="visually-hidden"> {row.symbol}</span>
                      </button>
                    </span>
                  )
            }
          />
        </>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${list.name}?`}
        confirmLabel="Delete watchlist"
        onConfirm={() => {
          setConfirmDelete(false);
          onChange({ kind: 'delete', list });
        }}
        onCancel={() => setConfirmDelete(false)}
      >
        <p>The list and its {list.symbols.length} stocks are removed. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
