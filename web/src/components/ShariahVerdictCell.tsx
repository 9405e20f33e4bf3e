import type { VerdictCell } from '@core/market/shariah-verdicts';
import { VerdictBadge } from './VerdictBadge';

/**
 * A list row's Shariah verdict under the user's standard (core's verdictCell), or "—" with the
 * reason there is none as its title and, for screen readers, in words; "…" while it loads.
 */
export function ShariahVerdictCell({ cell }: { readonly cell: VerdictCell | undefined }) {
  if (!cell) return <>…</>;
  if (cell.kind === 'verdict') return <VerdictBadge verdict={cell.verdict} />;
  return (
    <span className="verdict-none" title={cell.reason}>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">No verdict: {cell.reason}</span>
    </span>
  );
}
