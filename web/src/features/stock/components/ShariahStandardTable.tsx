import { formatPercent } from '@core/format';
import {
  SHARIAH_METHODOLOGY_NOTES,
  SHARIAH_RATIO_LABELS,
  SHARIAH_STANDARD_NAMES,
  type DenominatorBasis,
  type ShariahRatio,
  type ShariahStandardResult,
} from '@core/market/shariah';
import { VerdictBadge } from './VerdictBadge';
import '../../../components/data-table.css';

const BASIS_TEXT: Readonly<Record<DenominatorBasis, string>> = {
  'market-cap': 'market cap',
  'average-market-cap-24m': '24-month average market cap',
  'average-market-cap-36m': '36-month average market cap',
  'total-assets': 'total assets',
  'total-revenue': 'total revenue',
};

function Result({ passes }: { passes: boolean | null }) {
  if (passes === null) {
    return (
      <span className="screen-result unknown">
        <span aria-hidden="true">?</span> Not available
      </span>
    );
  }
  return (
    <span className={passes ? 'screen-result pass' : 'screen-result fail'}>
      <span aria-hidden="true">{passes ? '✓' : '✗'}</span> {passes ? 'Pass' : 'Fail'}
    </span>
  );
}

/** '≤ 30.00%' / '< 33.00%'. */
const limit = (ratio: ShariahRatio) =>
  `${ratio.comparison === '<' ? '<' : '≤'} ${formatPercent(ratio.threshold, { ratio: true })}`;

/** One standard: the activity screen and each ratio against its threshold, then its notes. */
export function ShariahStandardTable({ result }: { result: ShariahStandardResult }) {
  const name = SHARIAH_STANDARD_NAMES[result.standard];
  const headingId = `shariah-${result.standard}`;
  return (
    <div className="shariah-standard" aria-labelledby={headingId} role="group">
      <h3 id={headingId}>
        {name} <VerdictBadge verdict={result.verdict} />
      </h3>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={`${name} ratios`}>
        <table className="data-table shariah-table">
          <caption className="visually-hidden">{name}: each screen against its threshold</caption>
          <thead>
            <tr>
              <th scope="col">Screen</th>
              <th scope="col" className="num">
                Value
              </th>
              <th scope="col" className="num">
                Threshold
              </th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Business activity</th>
              <td className="num">{result.activityPasses ? 'Permissible' : 'Prohibited'}</td>
              <td className="num">Permissible core business</td>
              <td>
                <Result passes={result.activityPasses} />
              </td>
            </tr>
            {result.ratios.map((ratio) => (
              <tr key={ratio.name}>
                <th scope="row">
                  {SHARIAH_RATIO_LABELS[ratio.name]}
                  <span className="basis"> / {BASIS_TEXT[ratio.denominatorBasis]}</span>
                </th>
                <td className="num">{formatPercent(ratio.value, { ratio: true })}</td>
                <td className="num">{limit(ratio)}</td>
                <td>
                  <Result passes={ratio.passes} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="small">
        Purification:{' '}
        {result.purificationPercent === null
          ? 'not available'
          : `${formatPercent(result.purificationPercent)} of dividends`}{' '}
        · As of {result.asOf}
      </p>
      <p className="methodology small">{SHARIAH_METHODOLOGY_NOTES[result.standard]}</p>
    </div>
  );
}
