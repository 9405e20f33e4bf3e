import { VERDICT_TEXT, type ShariahVerdict } from '@core/market/shariah';
import './verdict.css';

const VERDICT_ICONS: Readonly<Record<ShariahVerdict, string>> = {
  compliant: '✓',
  'non-compliant': '✗',
  questionable: '?',
};

/** Icon and word, so the verdict never rests on colour alone. */
export function VerdictBadge({ verdict }: { verdict: ShariahVerdict }) {
  return (
    <span className={`verdict ${verdict}`}>
      <span aria-hidden="true">{VERDICT_ICONS[verdict]}</span> {VERDICT_TEXT[verdict]}
    </span>
  );
}
