import { useId, useState } from 'react';
import { formatNumber } from '@core/format';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryState } from '../../../components/QueryState';
import { describeChange } from '../../../lib/last-change';
import {
  useRestoreSheet,
  useSheetHistory,
  type CuratedSheet,
  type SheetVersion,
} from '../api/sheets-api';
import { lineFields } from '../lib/sheet-form';
import { ScrollingTable } from '../../../components/ScrollingTable';

const SOURCES: Record<SheetVersion['source'], string> = {
  edit: 'edited',
  restore: 'restored',
  delete: 'deleted',
  import: 'imported',
};

/** The lines a version changed, before → after. */
function changedLines(entry: SheetVersion): { label: string; before: string; after: string }[] {
  const sheet = entry.after ?? entry.before;
  if (!sheet) return [];
  const before = (entry.before ?? {}) as unknown as Record<string, unknown>;
  const after = (entry.after ?? {}) as unknown as Record<string, unknown>;
  const show = (value: unknown) => (typeof value === 'number' ? formatNumber(value) : '—');
  const rows = [{ field: 'date', label: 'Period end' }, ...lineFields(sheet.sheetType)];
  return (
    rows
      // A line absent from one side (an added or deleted sheet) counts as not reported.
      .filter(({ field }) => (before[field] ?? null) !== (after[field] ?? null))
      .map(({ field, label }) => ({
        label,
        before: field === 'date' ? String(before[field] ?? '—') : show(before[field]),
        after: field === 'date' ? String(after[field] ?? '—') : show(after[field]),
      }))
  );
}

/** A sheet's kept versions, newest first, each as the lines it changed, with "Restore". */
export function SheetHistory({
  isin,
  symbol,
  id,
  version,
  canRestore,
  onRestored,
  onError,
}: {
  readonly isin: string;
  readonly symbol: string | undefined;
  readonly id: string;
  readonly version: number;
  readonly canRestore: boolean;
  readonly onRestored: (saved: CuratedSheet) => void;
  readonly onError: (error: unknown) => void;
}) {
  const history = useSheetHistory(isin, id);
  const restore = useRestoreSheet(isin, symbol);
  const [restoring, setRestoring] = useState<SheetVersion | null>(null);
  const titleId = useId();
  return (
    <section className="curation-history" aria-labelledby={titleId}>
      <h2 id={titleId}>History</h2>
      <QueryState query={history} what="history" empty="No change has been recorded yet.">
        {(entries) =>
          entries.length === 0 ? (
            <p className="muted">No change has been recorded yet: the sheet is as ingested.</p>
          ) : (
            <ol className="history-list">
              {entries.map((entry) => {
                const lines = changedLines(entry);
                return (
                  <li key={`${entry.version}-${entry.updatedAt}`}>
                    <p>
                      <strong>Version {entry.version}</strong> {SOURCES[entry.source]}{' '}
                      {describeChange({ by: entry.updatedBy, at: entry.updatedAt })}
                    </p>
                    {lines.length > 0 ? (
                      <ScrollingTable
                        label={`Lines changed in version ${entry.version}`}
                        className="data-table compact"
                      >
                        <caption className="visually-hidden">
                          Lines changed in version {entry.version}
                        </caption>
                        <thead>
                          <tr>
                            <th scope="col">Line</th>
                            <th scope="col">Before</th>
                            <th scope="col">After</th>
                          </tr>
                        </thead>
                        <tbody>
                          {lines.map((line) => (
                            <tr key={line.label}>
                              <th scope="row">{line.label}</th>
                              <td>{line.before}</td>
                              <td>{line.after}</td>
                            </tr>
                          ))}
                        </tbody>
                      </ScrollingTable>
                    ) : null}
                    {canRestore && entry.after && entry.version !== version ? (
                      <button type="button" className="button" onClick={() => setRestoring(entry)}>
                        Restore version {entry.version}
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={restoring !== null}
        title={`Restore version ${restoring?.version ?? ''}?`}
        confirmLabel="Restore this version"
        busy={restore.isPending}
        busyLabel="Restoring…"
        onConfirm={() => {
          if (!restoring) return;
          restore.mutate(
            { id, version: restoring.version, expectedVersion: version },
            {
              onSuccess: (saved) => {
                setRestoring(null);
                if (saved) onRestored(saved);
              },
              onError: (error) => {
                setRestoring(null);
                onError(error);
              },
            },
          );
        }}
        onCancel={() => setRestoring(null)}
      >
        <p>Its figures become the current sheet as a new version; the history keeps both.</p>
      </ConfirmDialog>
    </section>
  );
}
