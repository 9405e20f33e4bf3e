import { useId, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { DASHBOARD_PATH } from '@core/routes';
import { useAuth } from '../../../lib/auth/auth-context';
import { useWatchlistChange, useWatchlists } from '../api/watchlists';
import './watchlists.css';
import { useModalDialog } from '../../../hooks/use-modal-dialog';
import '../../../components/modal-dialog.css';

/** The list a first "Add to watchlist" creates when the user has none. */
export const FIRST_WATCHLIST_NAME = 'My watchlist';

/**
 * The stock page's "Add to watchlist": which of the user's lists hold the stock, and a checkbox per
 * list to add or remove it. Signed-in users only (lists belong to a user); nothing for visitors.
 * `compact` (a table row's, the screener's): no holding line, the button names its stock, as a
 * page of rows has one such button each, and the lists open in a dialog above the page (a panel
 * inside the row would widen its cell and push the table's columns apart).
 */
export function AddToWatchlist({ symbol, compact = false }: { symbol: string; compact?: boolean }) {
  const { state } = useAuth();
  if (!state.isAuthenticated) return null;
  return <WatchlistPicker symbol={symbol} compact={compact} />;
}

function WatchlistPicker({ symbol, compact }: { symbol: string; compact: boolean }) {
  const lists = useWatchlists();
  const change = useWatchlistChange();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // While a change is on its way, the lists show it: the box a user ticked stays ticked (set in
  // the click itself, so the controlled checkbox never flips back before the answer).
  const [ticked, setTicked] = useState<{ id: string; symbols: readonly string[] } | null>(null);
  const all = (lists.data?.watchlists ?? []).map((l) =>
    ticked?.id === l.id ? { ...l, symbols: ticked.symbols } : l,
  );
  const holding = all.filter((l) => l.symbols.includes(symbol));

  const choices = (
    <>
      {lists.data && all.length === 0 && (
        <button
          type="button"
          className="button primary"
          disabled={change.isPending}
          onClick={() =>
            change.mutate({ kind: 'create', name: FIRST_WATCHLIST_NAME, symbols: [symbol] })
          }
        >
          Create “{FIRST_WATCHLIST_NAME}” with {symbol}
        </button>
      )}
      {all.length > 0 && (
        <fieldset>
          <legend>Watchlists holding {symbol}</legend>
          {all.map((list) => {
            const held = list.symbols.includes(symbol);
            return (
              <label key={list.id} className="watchlist-choice">
                <input
                  type="checkbox"
                  checked={held}
                  disabled={list.readOnly || change.isPending}
                  onChange={() => {
                    const stored = lists.data?.watchlists.find((l) => l.id === list.id) ?? list;
                    const symbols = held
                      ? stored.symbols.filter((s) => s !== symbol)
                      : [...stored.symbols, symbol];
                    setTicked({ id: list.id, symbols });
                    change.mutate(
                      { kind: 'update', list: stored, symbols },
                      { onSettled: () => setTicked(null) },
                    );
                  }}
                />{' '}
                {list.name}
                {list.readOnly ? ' (read-only)' : ''}
              </label>
            );
          })}
        </fieldset>
      )}
      {change.isError && <p role="alert">{change.error.message}</p>}
      <p>
        <Link to={DASHBOARD_PATH}>Manage your watchlists</Link>
      </p>
    </>
  );

  return (
    <div className={compact ? 'add-to-watchlist compact' : 'add-to-watchlist'}>
      {!compact && (
        <p className="in-watchlists" aria-live="polite">
          {holding.length > 0
            ? `In your watchlists: ${holding.map((l) => l.name).join(', ')}`
            : 'In none of your watchlists'}
        </p>
      )}
      <button
        type="button"
        className="button"
        aria-expanded={open}
        {...(compact ? { 'aria-haspopup': 'dialog' as const } : { 'aria-controls': panelId })}
        onClick={() => setOpen(!open)}
      >
        {compact ? (
          <>
            Add<span className="visually-hidden"> {symbol}</span> to watchlist
          </>
        ) : (
          'Add to watchlist'
        )}
      </button>
      {compact ? (
        open && (
          <PickerDialog title={`Add ${symbol} to a watchlist`} onClose={() => setOpen(false)}>
            {choices}
          </PickerDialog>
        )
      ) : (
        <div id={panelId} className="watchlist-picker" hidden={!open}>
          {choices}
        </div>
      )}
    </div>
  );
}

/**
 * The browser's modal dialog, drawn from the document's body (nothing of it in the row's cell):
 * focus moves into it and stays, Escape or Close shuts it, and focus goes back to the row's button.
 */
function PickerDialog({
  title,
  onClose,
  children,
}: {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
}) {
  const ref = useModalDialog();
  const titleId = useId();
  return createPortal(
    <dialog
      ref={ref}
      className="modal-dialog watchlist-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div className="watchlist-picker">{children}</div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>,
    document.body,
  );
}
