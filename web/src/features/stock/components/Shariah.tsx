import { formatPercent } from '../../../../../core/format';
import {
  SHARIAH_METHODOLOGY_NOTES,
  SHARIAH_RATIO_LABELS,
  SHARIAH_STANDARD_NAMES,
  type DenominatorBasis,
  type ShariahScreen,
  type ShariahVerdict,
} from '../../../../../core/market/shariah';

const VERDICT_TEXT: Record<ShariahVerdict, string> = {
  compliant: 'Compliant',
  'non-compliant': 'Non-compliant',
  questionable: 'Questionable',
};

const BASIS_TEXT: Record<DenominatorBasis, string> = {
  'market-cap': 'market cap',
  'average-market-cap-24m': '24-month average market cap',
  'average-market-cap-36m': '36-month average market cap',
  'total-assets': 'total assets',
  'total-revenue': 'revenue',
};

export function VerdictBadge({ verdict }: { verdict: ShariahVerdict }) {
  return <span className={`verdict ${verdict}`}>{VERDICT_TEXT[verdict]}</span>;
}

/** The Shariah screen: overall verdict, then each standard's ratios against its thresholds. */
export function Shariah({ screen }: { screen: ShariahScreen }) {
  return (
    <div className="shariah">
      <p className="shariah-overall">
        Overall: <VerdictBadge verdict={screen.overall} />{' '}
        <span className="muted">as of {screen.asOf}</span>
      </p>
      {screen.results.map((result) => (
        <div key={result.standard} className="shariah-standard">
          <h3>
            {SHARIAH_STANDARD_NAMES[result.standard]} <VerdictBadge verdict={result.verdict} />
          </h3>
          <table className="data-table">
            <caption className="visually-hidden">
              {SHARIAH_STANDARD_NAMES[result.standard]} ratios
            </caption>
            <thead>
              <tr>
                <th scope="col">Ratio</th>
                <th scope="col">Value</th>
                <th scope="col">Limit</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Business activity</th>
                <td>—</td>
                <td>Permissible core business</td>
                <td>{result.activityPasses ? '✓ Pass' : '✗ Fail'}</td>
              </tr>
              {result.ratios.map((ratio) => (
                <tr key={ratio.name}>
                  <th scope="row">
                    {SHARIAH_RATIO_LABELS[ratio.name]}
                    <span className="muted"> / {BASIS_TEXT[ratio.denominatorBasis]}</span>
                  </th>
                  <td>{formatPercent(ratio.value, { ratio: true })}</td>
                  <td>
                    {ratio.comparison === '<' ? '<' : '≤'}{' '}
                    {formatPercent(ratio.threshold, { ratio: true })}
                  </td>
                  <td>
                    {ratio.passes === null ? 'Not available' : ratio.passes ? '✓ Pass' : '✗ Fail'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted small">
            Purification:{' '}
            {result.purificationPercent === null
              ? 'not available'
              : `${result.purificationPercent.toFixed(2)}% of dividends`}{' '}
            · as of {result.asOf}
          </p>
          <p className="small">{SHARIAH_METHODOLOGY_NOTES[result.standard]}</p>
        </div>
      ))}
      <p className="muted small">
        This screen applies each standard's published financial ratios to the latest statements and
        market data. It is information, not a fatwa or investment advice.
      </p>
    </div>
  );
}
