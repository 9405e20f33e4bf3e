import type { WriteOutcome } from '../lib/write-outcome';

/**
 * A write's outcome in two live regions: what went through is announced politely (status), a
 * conflict or failure at once (alert), a conflict with the reload that keeps the draft.
 */
export function WriteOutcomeRegions({
  outcome,
  reloadLabel,
  onReload,
  id,
}: {
  readonly outcome: WriteOutcome | null;
  /** The conflict's button: 'Reload and keep my changes'. */
  readonly reloadLabel: string;
  readonly onReload: () => Promise<void>;
  /** For a form's aria-describedby. */
  readonly id?: string;
}) {
  return (
    <div id={id}>
      <div role="status" aria-live="polite" className="curation-status">
        {outcome?.kind === 'done' && <p>{outcome.text}</p>}
      </div>
      <div role="alert" className="admin-error">
        {outcome && outcome.kind !== 'done' && <p>{outcome.text}</p>}
        {outcome?.kind === 'conflict' && (
          <button type="button" className="button" onClick={() => void onReload()}>
            {reloadLabel}
          </button>
        )}
      </div>
    </div>
  );
}
