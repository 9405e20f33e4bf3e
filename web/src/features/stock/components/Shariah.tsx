import type { ShariahScreen } from '@core/market/shariah';
import { ShariahStandardTable } from './ShariahStandardTable';
import { VerdictBadge } from '../../../components/VerdictBadge';

/** The Shariah screen: overall verdict, then each standard's ratios against its thresholds. */
export function Shariah({ screen }: { screen: ShariahScreen }) {
  return (
    <div className="shariah">
      <p className="shariah-overall">
        Overall verdict: <VerdictBadge verdict={screen.overall} />{' '}
        <span className="muted">as of {screen.asOf}</span>
      </p>
      {screen.override && (
        // A reviewer's verdict sits beside the computed one, with its reason: never instead of it.
        <p className="shariah-override">
          Reviewer’s verdict: <VerdictBadge verdict={screen.override.verdict} />{' '}
          <span className="muted">reviewed on {screen.override.reviewedOn}</span>
          <br />
          <span className="shariah-override-reason">Reason: {screen.override.reason}</span>
        </p>
      )}
      {screen.providerInputs && (
        <p className="notice small shariah-provider-inputs">
          No reviewer has screened this company yet: its business activity comes from its industry,
          its non-permissible revenue from its reported interest income, and its interest-bearing
          securities from its short-term investments.
        </p>
      )}
      <p className="notice small">
        This screen applies each standard's published financial ratios to the latest statements and
        market data. It is for information only: it is not a fatwa and not investment advice.
      </p>
      <div className="shariah-standards">
        {screen.results.map((result) => (
          <ShariahStandardTable
            key={result.standard}
            result={result}
            averagesAsOf={screen.marketCapAveragesAsOf}
          />
        ))}
      </div>
    </div>
  );
}
