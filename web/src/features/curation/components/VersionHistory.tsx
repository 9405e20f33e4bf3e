import type { ReactNode } from 'react';
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

/**
 * How each version's change is shown: compared field by field on these fields and row lists, or
 * rendered by the screen itself (the description's word diff).
 */
export type VersionChanges<V> =
  | { readonly fields: readonly ItemField[]; readonly rows?: readonly ItemRows<never>[] }
  | { readonly renderChanges: (version: V) => ReactNode };

export type VersionHistoryProps<T, V extends KeptVersion<T>> = VersionChanges<V> & {
  readonly history: QueryView<readonly V[]>;
  /** The stored version: restoring it would change nothing, so it offers no restore. */
  readonly currentVersion: number;
  /** What the list says while no version is kept. */
  readonly none: string;
  /** Absent when the session may not update the item (the history is read-only). */
  readonly onRestore?: (version: V) => void;
};

/**
 * An item's kept versions, newest first: who changed it when, what each version changed (a
 * field-by-field diff, or the screen's own rendering), and "Restore this version" for each but the
 * current one (the analyst, Shariah, stock and description screens).
 */
export function VersionHistory<T, V extends KeptVersion<T>>(props: VersionHistoryProps<T, V>) {
  const { history, currentVersion, none, onRestore } = props;
  const changes = (entry: V) =>
    'renderChanges' in props ? (
      props.renderChanges(entry)
    ) : (
      <FieldChanges
        caption={`Changes in version ${entry.version}`}
        changes={changedFields(entry.before, entry.after, props.fields, props.rows)}
      />
    );
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
                    {changes(entry)}
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
