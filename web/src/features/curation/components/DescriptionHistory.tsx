import type { DescriptionVersion } from '@core/curation/description';
import { QueryState } from '../../../components/QueryState';
import { describeChange } from '../../../lib/last-change';
import { useDescriptionHistory } from '../api/description-api';
import { textDiff } from '../lib/text-diff';

export interface DescriptionHistoryProps {
  readonly isin: string;
  /** The stored version: restoring it would change nothing, so it offers no restore. */
  readonly currentVersion: number;
  /** Absent when the session may not update the description (read-only). */
  readonly onRestore?: (version: DescriptionVersion) => void;
}

/** The kept versions, newest first: who changed the text when, and the change as a word diff. */
export function DescriptionHistory({ isin, currentVersion, onRestore }: DescriptionHistoryProps) {
  const history = useDescriptionHistory(isin);
  return (
    <section className="card curation-history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <QueryState
        query={history}
        what="history"
        empty="No changes yet: the description is the ingested text."
      >
        {(versions) =>
          versions.length === 0 ? (
            <p className="muted">No changes yet: the description is the ingested text.</p>
          ) : (
            <ol className="history-list">
              {versions.map((entry) => (
                <HistoryEntry
                  key={entry.version}
                  entry={entry}
                  current={entry.version === currentVersion}
                  {...(onRestore && { onRestore })}
                />
              ))}
            </ol>
          )
        }
      </QueryState>
    </section>
  );
}

function HistoryEntry({
  entry,
  current,
  onRestore,
}: {
  readonly entry: DescriptionVersion;
  readonly current: boolean;
  readonly onRestore?: (version: DescriptionVersion) => void;
}) {
  const titleId = `history-version-${entry.version}`;
  return (
    <li aria-labelledby={titleId}>
      <h3 id={titleId}>
        Version {entry.version}
        {current && <span className="badge"> (current)</span>}
      </h3>
      <p className="muted">
        Changed {describeChange({ by: entry.updatedBy, at: entry.updatedAt })}
      </p>
      <p className="text-diff">
        {textDiff(entry.before, entry.after).map((part, i) =>
          part.kind === 'added' ? (
            <ins key={i}>
              <span className="visually-hidden">[added: </span>
              {part.text}
              <span className="visually-hidden">]</span>
            </ins>
          ) : part.kind === 'removed' ? (
            <del key={i}>
              <span className="visually-hidden">[removed: </span>
              {part.text}
              <span className="visually-hidden">]</span>
            </del>
          ) : (
            <span key={i}>{part.text}</span>
          ),
        )}
      </p>
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
}
