import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '@core/auth-errors';
import {
  stockProfileOf,
  stockProfileSchema,
  type CuratedStock,
  type StockVersion,
} from '@core/curation/stock';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAuth } from '../../../lib/auth/auth-context';
import { ConflictError } from '../../../lib/graphql-client';
import { describeLastChange } from '../../../lib/last-change';
import {
  useDeleteStock,
  useRestoreStock,
  useSetStockHidden,
  useStockHistory,
  useUpdateStock,
} from '../api/stocks-api';
import { changedFields, type FieldChange } from '../lib/changed-fields';
import { curationReason } from '../lib/read-only';
import { PROFILE_FIELDS, STOCK_HISTORY_FIELDS, STOCK_LABELS } from '../lib/stock-form';
import { FieldChanges } from './FieldChanges';
import { StockForm, useStockForm } from './StockForm';
import { VersionHistory } from './VersionHistory';
import { inUserWords } from '../../../lib/user-words';

type Outcome = { readonly kind: 'done' | 'conflict' | 'failed'; readonly text: string };

const PUBLISHED = 'The public stock page shows it now.';

/**
 * A stock's detail: its profile facts edited at the version they were read at (or read-only with
 * the reason), hide or unhide, delete with the symbol typed, who changed it last, and its kept
 * versions with restore behind a confirmation. A stale write offers to reload and keep the draft.
 */
export function StockDetail({
  stock,
  reload,
}: {
  readonly stock: CuratedStock;
  readonly reload: () => Promise<CuratedStock | null | undefined>;
}) {
  const { state } = useAuth();
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const { isin, symbol } = stock;
  // What the draft is based on: every write names its version.
  const [base, setBase] = useState<CuratedStock>(stock);
  const [outcome, setOutcome] = useState<Outcome | null>(
    notice ? { kind: 'done', text: notice } : null,
  );
  // After a conflict: what someone else changed meanwhile, shown beside the kept draft.
  const [meanwhile, setMeanwhile] = useState<{
    readonly version: number;
    readonly changes: readonly FieldChange[];
  } | null>(null);
  const [restoring, setRestoring] = useState<StockVersion | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [typed, setTyped] = useState('');
  const confirmId = useId();
  const form = useStockForm(stockProfileSchema, stockProfileOf(stock));
  const update = useUpdateStock(isin);
  const hide = useSetStockHidden(isin);
  const restore = useRestoreStock(isin);
  const remove = useDeleteStock(base, () => void navigate('/admin/settings/stocks'));
  const history = useStockHistory(isin);
  const reason = curationReason(state, 'STOCKS', 'update', isin, 'stocks');
  const canDelete = curationReason(state, 'STOCKS', 'delete', isin, 'stocks') === undefined;
  const dirty = reason === undefined && form.formState.isDirty;

  /** A write of the profile went through: the form starts again from what is stored now. */
  const settle = (saved: CuratedStock, text: string) => {
    setBase(saved);
    form.reset(stockProfileOf(saved));
    setMeanwhile(null);
    setOutcome({ kind: 'done', text });
  };
  const fail = (error: unknown, what: string) =>
    setOutcome(
      error instanceof ConflictError
        ? { kind: 'conflict', text: error.message }
        : {
            kind: 'failed',
            text: `${what} ${inUserWords(errorMessage(error), STOCK_LABELS) || 'Unknown error.'}`,
          },
    );

  // The stored stock becomes the base (its version is what the next write names); a draft stays
  // in the form, still marked unsaved against what is stored now, and without a draft the form
  // shows what is stored.
  const reloadKeepingDraft = async () => {
    const fresh = await reload();
    if (!fresh) {
      setOutcome({ kind: 'failed', text: `${symbol} no longer exists: someone deleted it.` });
      return;
    }
    setMeanwhile({
      version: fresh.version,
      changes: changedFields(base, fresh, STOCK_HISTORY_FIELDS),
    });
    setBase(fresh);
    form.reset(stockProfileOf(fresh), dirty ? { keepValues: true } : undefined);
    setOutcome({
      kind: 'done',
      text: dirty
        ? `Reloaded version ${fresh.version}. Your changes are kept: check them against what changed meanwhile, then save again.`
        : `Reloaded version ${fresh.version}.`,
    });
  };

  const confirmRestore = () => {
    if (!restoring) return;
    const { version } = restoring;
    setOutcome(null);
    restore.mutate(
      { version, expectedVersion: base.version },
      {
        onSuccess: (saved) => {
          if (saved)
            settle(saved, `Version ${version} restored as version ${saved.version}. ${PUBLISHED}`);
        },
        onError: (error) => fail(error, 'Not restored:'),
        onSettled: () => setRestoring(null),
      },
    );
  };

  const lastChange =
    base.updatedBy && base.updatedAt
      ? describeLastChange({ by: base.updatedBy, at: base.updatedAt })
      : 'As ingested, never curated.';

  return (
    <>
      <dl className="admin-keys">
        <dt>ISIN</dt>
        <dd>{isin}</dd>
        <dt>Exchange</dt>
        <dd>{base.exchangeShortName}</dd>
        <dt>Public</dt>
        <dd>{base.hidden ? 'Hidden from the public list and search' : 'Listed'}</dd>
      </dl>
      <p>
        {lastChange} <span className="muted">Version {base.version}.</span>
      </p>
      <p>
        <Link to={`/stocks/${encodeURIComponent(symbol)}`}>Public page</Link> ·{' '}
        <Link to={`/admin/settings/sheets/${isin}?symbol=${encodeURIComponent(symbol)}`}>
          Sheets
        </Link>{' '}
        ·{' '}
        <Link to={`/admin/settings/description?symbol=${encodeURIComponent(symbol)}`}>
          Description
        </Link>
      </p>
      {reason ? (
        <p className="notice" role="note">
          Read-only: {reason}
        </p>
      ) : null}
      <h2>Profile</h2>
      <StockForm
        form={form}
        fields={PROFILE_FIELDS}
        readOnly={reason !== undefined}
        pending={update.isPending}
        onSave={(profile) => {
          setOutcome(null);
          update.mutate(
            { profile, version: base.version },
            {
              onSuccess: (saved) => {
                if (saved) settle(saved, `Saved as version ${saved.version}. ${PUBLISHED}`);
              },
              onError: (error) => fail(error, 'Not saved:'),
            },
          );
        }}
      />
      {reason === undefined ? (
        <p>
          <button
            type="button"
            className="button"
            disabled={hide.isPending}
            onClick={() => {
              setOutcome(null);
              hide.mutate(
                { hidden: !base.hidden, version: base.version },
                {
                  // Only the visibility changed: a draft of the facts stays as it is.
                  onSuccess: (saved) => {
                    if (!saved) return;
                    setBase(saved);
                    setOutcome({
                      kind: 'done',
                      text: saved.hidden
                        ? `${symbol} is hidden from the public list and search; its page stays reachable.`
                        : `${symbol} is listed again.`,
                    });
                  },
                  onError: (error) => fail(error, 'Not changed:'),
                },
              );
            }}
          >
            {base.hidden ? 'Show in public search' : 'Hide from public search'}
          </button>
        </p>
      ) : null}
      {canDelete ? (
        <p>
          <button type="button" className="button danger" onClick={() => setDeleting(true)}>
            Delete the stock
          </button>
        </p>
      ) : null}
      <div role="status" aria-live="polite" className="curation-status">
        {outcome?.kind === 'done' && <p>{outcome.text}</p>}
      </div>
      <div role="alert" className="admin-error">
        {outcome && outcome.kind !== 'done' && <p>{outcome.text}</p>}
        {outcome?.kind === 'conflict' && (
          <button type="button" className="button" onClick={() => void reloadKeepingDraft()}>
            {dirty ? 'Reload and keep my changes' : 'Reload'}
          </button>
        )}
      </div>
      {meanwhile && (
        <FieldChanges
          caption={`Changed meanwhile (now version ${meanwhile.version})`}
          changes={meanwhile.changes}
        />
      )}
      <VersionHistory
        history={history}
        fields={STOCK_HISTORY_FIELDS}
        currentVersion={base.version}
        none="No change has been recorded yet: the stock is as ingested."
        {...(reason === undefined && { onRestore: setRestoring })}
      />
      <ConfirmDialog
        open={restoring !== null}
        title={`Restore version ${restoring?.version ?? ''}?`}
        confirmLabel="Restore"
        cancelLabel="Cancel"
        busy={restore.isPending}
        busyLabel="Restoring…"
        onConfirm={confirmRestore}
        onCancel={() => setRestoring(null)}
      >
        <p>
          The profile facts (name, currency, sector, industry, country, shares outstanding) become
          this version’s again, saved as a new version that the public stock page shows at once. The
          symbol, ISIN and whether the stock is hidden stay as they are.
          {dirty && ' Your unsaved changes in the form are discarded.'}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting}
        title={`Delete ${symbol}?`}
        confirmLabel="Delete the stock and its data"
        busy={remove.isPending}
        busyLabel="Deleting…"
        onConfirm={() => {
          remove.mutate(
            { confirm: typed },
            {
              onError: (error) => {
                setDeleting(false);
                fail(error, 'Not deleted:');
              },
            },
          );
        }}
        onCancel={() => setDeleting(false)}
      >
        <p>
          The stock, its sheets, analyst and Shariah data and its history are removed, and its
          public page is gone. This cannot be undone.
        </p>
        <label htmlFor={confirmId}>Type {symbol} to confirm</label>
        <input id={confirmId} value={typed} onChange={(e) => setTyped(e.target.value)} />
      </ConfirmDialog>
    </>
  );
}
