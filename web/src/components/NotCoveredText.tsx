import { NOT_COVERED_BY_PLAN } from '@core/market/coverage';

/** Where a level would be: the data plan's gap said as such (never a 0 or a blank). */
export function NotCoveredText() {
  const text = NOT_COVERED_BY_PLAN.charAt(0).toUpperCase() + NOT_COVERED_BY_PLAN.slice(1);
  return <span className="muted not-covered-text">{text}</span>;
}
