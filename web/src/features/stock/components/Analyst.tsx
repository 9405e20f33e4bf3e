import { formatNumber } from '../../../../../core/format';
import type { AnalystData } from '../../../../../core/market/types';

const RATINGS = [
  ['strongBuy', 'Strong buy'],
  ['buy', 'Buy'],
  ['hold', 'Hold'],
  ['sell', 'Sell'],
  ['strongSell', 'Strong sell'],
] as const;

/** Where a value sits between low and high, as a percentage of the bar's width. */
const position = (value: number, low: number, high: number) =>
  high === low ? 50 : Math.min(100, Math.max(0, ((value - low) / (high - low)) * 100));

export function Analyst({ analyst, price }: { analyst: AnalystData; price: number | undefined }) {
  const total = RATINGS.reduce((sum, [key]) => sum + analyst.ratings[key], 0);
  const { low, high, median, consensus, currency } = analyst.priceTarget;
  const scaleLow = Math.min(low, price ?? low);
  const scaleHigh = Math.max(high, price ?? high);
  return (
    <div className="analyst">
      <div className="analyst-consensus">
        <p>
          Consensus: <strong>{analyst.consensus}</strong>{' '}
          <span className="muted">
            ({total} {total === 1 ? 'analyst' : 'analysts'})
          </span>
        </p>
        <ul className="rating-bars" aria-label="Rating distribution">
          {RATINGS.map(([key, label]) => (
            <li key={key}>
              <span className="rating-label">{label}</span>
              <span className="rating-bar" aria-hidden="true">
                <span style={{ width: `${total ? (analyst.ratings[key] / total) * 100 : 0}%` }} />
              </span>
              <span className="rating-count">{analyst.ratings[key]}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="price-target">
        <h3>Price target ({currency})</h3>
        <div className="target-scale" aria-hidden="true">
          <span
            className="target-range"
            style={{
              left: `${position(low, scaleLow, scaleHigh)}%`,
              right: `${100 - position(high, scaleLow, scaleHigh)}%`,
            }}
          />
          <span
            className="target-mark"
            style={{ left: `${position(consensus, scaleLow, scaleHigh)}%` }}
            title="Consensus"
          />
          {price !== undefined && (
            <span
              className="price-mark"
              style={{ left: `${position(price, scaleLow, scaleHigh)}%` }}
              title="Current price"
            />
          )}
        </div>
        <dl className="target-facts">
          <div>
            <dt>Low</dt>
            <dd>{formatNumber(low)}</dd>
          </div>
          <div>
            <dt>Median</dt>
            <dd>{formatNumber(median)}</dd>
          </div>
          <div>
            <dt>Consensus</dt>
            <dd>{formatNumber(consensus)}</dd>
          </div>
          <div>
            <dt>High</dt>
            <dd>{formatNumber(high)}</dd>
          </div>
          {price !== undefined && (
            <div>
              <dt>Current price</dt>
              <dd>{formatNumber(price)}</dd>
            </div>
          )}
        </dl>
      </div>
      <div className="grades">
        <h3>Rating history</h3>
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Analyst rating changes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Firm</th>
                <th scope="col">Action</th>
                <th scope="col">Rating</th>
              </tr>
            </thead>
            <tbody>
              {analyst.grades.map((grade, i) => (
                <tr key={`${grade.date}-${grade.gradingCompany}-${i}`}>
                  <td>{grade.date}</td>
                  <td>{grade.gradingCompany}</td>
                  <td className="capitalize">{grade.action}</td>
                  <td>
                    {grade.previousGrade && grade.previousGrade !== grade.newGrade
                      ? `${grade.previousGrade} → ${grade.newGrade}`
                      : grade.newGrade}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
