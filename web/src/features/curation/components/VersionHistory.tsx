import { QueryState, type QueryView } from '../../../components/QueryState';
import { describeChange } from '../../../lib/last-change';
import { changedFields, type ItemField, type ItemRows } from '../lib/changed-fields';
import { FieldChanges } from './FieldChanges';

/** One kept version as the curation API answers it: who changed what when, from what to what. */
export interface KeptVersion<T> {
  readonly version: number;
  readonly before: T | null;
  readonly after: T;
  readonly updatedAt: string;
  readonly updatedBy: string;
}

export interface VersionHistoryProps<T, V extends KeptVersion<T>> {
  readonly history: QueryView<readonly V[]>;
  /** The fields and row lists each version's changes are compared on. */
  readonly fields: readonly ItemField[];
  readonly rows?: readonly ItemRows<never>[];
  /** The stored version: restoring it would change nothing, so it offers no restore. */
  readonly currentVersion: number;
  /** What the list says while no version is kept. */
  readonly none: string;
  /** Absent when the session may not update the item (the history is read-only). */
  readonly onRestore?: (version: V) => void;
}

/**
 * An item's kept versions, newest first: who changed it when, what each version changed as a
 * field-by-field diff, and "Restore this version" for each but the current one (the analyst,
 * Shariah and stock screens).
 */
export function VersionHistory<T, V extends KeptVersion<T>>({
  history,
  fields,
  rows,
  currentVersion,
  none,
  onRestore,
}: VersionHistoryProps<T, V>) {
  return (
    <section className="card curation-history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <QueryState query={history} what="history" empty={none}>
        {(versions) =>
          versions.length === 0 ? (
            <p className="muted">{none}</p>
          ) : (
            <ol className="history-list">
              {versions.map((entry) => {
                const current = entry.version === currentVersion;
                const titleId = `history-version-${entry.version}`;
                return (
                  <li key={entry.version} aria-labelledby={titleId}>
                    <h3 id={titleId}>
                      Version {entry.version}
                      {current && <span className="badge"> (current)</span>}
                    </h3>
                    <p className="muted">
                      Changed {describeChange({ by: entry.updatedBy, at: entry.updatedAt })}
                    </p>
                    <FieldChanges
                      caption={`Changes in version ${entry.version}`}
                      changes={changedFields(entry.before, entry.after, fields, rows)}
                    />
                    {onRestore && !current && (
                      <button
                        type="button"
                        className="button"
                        aria-label={`Restore this version (version ${entry.version})`}
                        onClick={() => onRestore(entry)}
                      >
                        Restore this version
                      </button>
                    )}
                  </li>
                );
              })}
            </ol>
          )
        }
      </QueryState>
    </section>
  );
}
