import type { DescriptionVersion } from '@core/curation/description';
import { useDescriptionHistory } from '../api/description-api';
import { textDiff } from '../lib/text-diff';
import { VersionHistory } from './VersionHistory';

export interface DescriptionHistoryProps {
  readonly isin: string;
  /** The stored version: restoring it would change nothing, so it offers no restore. */
  readonly currentVersion: number;
  /** Absent when the session may not update the description (read-only). */
  readonly onRestore?: (version: DescriptionVersion) => void;
}

/** The kept versions, newest first: who changed the text when, and the change as a word diff. */
export function DescriptionHistory({ isin, currentVersion, onRestore }: DescriptionHistoryProps) {
  return (
    <VersionHistory
      history={useDescriptionHistory(isin)}
      renderChanges={(entry: DescriptionVersion) => (
        <WordDiff before={entry.before} after={entry.after} />
      )}
      currentVersion={currentVersion}
      none="No changes yet: the description is the ingested text."
      {...(onRestore && { onRestore })}
    />
  );
}

/** The text's change word by word; screen readers hear what was added and removed. */
function WordDiff({ before, after }: { readonly before: string; readonly after: string }) {
  return (
    <p className="text-diff">
      {textDiff(before, after).map((part, i) =>
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
  );
}
