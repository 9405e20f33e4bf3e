import { useQuery } from '@tanstack/react-query';
import { formatNumber, formatPercent } from '../../../../core/format';
import { Sparkline } from '../chart/Sparkline';
import { chartQuery } from '../chart/chart-query';
import type { IndexQuote } from './queries';

/** One index: level, change with its sign, open/closed, and today's sparkline. */
export function IndexCard({
  index,
  featured,
  onSelect,
}: {
  index: IndexQuote;
  featured: boolean;
  onSelect: () => void;
}) {
  const intraday = useQuery(chartQuery(index.symbol, '1D'));
  const { quote } = index;
  const trend = quote.change >= 0 ? 'up' : 'down';
  return (
    <li>
      <button
        type="button"
        className={featured ? 'index-card featured' : 'index-card'}
        aria-pressed={featured}
        onClick={onSelect}
      >
        <span className="index-name">{index.name}</span>
        <span className="index-level">{formatNumber(quote.price)}</span>
        <span className={`index-change ${trend}`}>
          {trend === 'up' ? '▲ +' : '▼ '}
          {formatNumber(quote.change)} ({formatPercent(quote.changesPercentage, { signed: true })})
        </span>
        <span className="index-meta muted">
          {index.currency} · {quote.marketOpen ? 'Open' : 'Closed'}
        </span>
        {intraday.data && intraday.data.length > 1 && (
          <Sparkline points={intraday.data} trend={trend} label={`${index.name} today`} />
        )}
      </button>
    </li>
  );
}
