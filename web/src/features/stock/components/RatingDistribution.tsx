import type { AnalystData } from '@core/market/types';

const RATINGS = [
  ['strongBuy', 'Strong buy'],
  ['buy', 'Buy'],
  ['hold', 'Hold'],
  ['sell', 'Sell'],
  ['strongSell', 'Strong sell'],
] as const;

/** Strong buy … strong sell, each as a bar with its count (the count carries the meaning). */
export function RatingDistribution({ analyst }: { analyst: AnalystData }) {
  const total = RATINGS.reduce((sum, [key]) => sum + analyst.ratings[key], 0);
  return (
    <div className="analyst-consensus">
      <p className="consensus">
        Consensus: <strong>{analyst.consensus}</strong>{' '}
        <span className="muted">
          ({total} {total === 1 ? 'analyst' : 'analysts'})
        </span>
      </p>
      <ul className="rating-bars" aria-label="Rating distribution">
        {RATINGS.map(([key, label]) => {
          const count = analyst.ratings[key];
          return (
            <li key={key} className={`rating ${key}`}>
              <span className="rating-label">{label}</span>
              <span className="rating-bar" aria-hidden="true">
                <span style={{ width: `${total ? (count / total) * 100 : 0}%` }} />
              </span>
              <span className="rating-count">{count}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
