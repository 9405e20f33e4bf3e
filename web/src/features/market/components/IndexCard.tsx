import { useQuery } from '@tanstack/react-query';
import { changeDirection, formatNumber } from '@core/format';
import type { IndexQuote } from '@core/market/types';
import { ChangeText } from '../../../components/ChangeText';
import { MarketStatus } from '../../../components/MarketStatus';
import { Sparkline } from '../../../components/chart/Sparkline';
import { chartQuery } from '../../../components/chart/chart-query';

const SPARK = { width: 150, height: 36 };

/**
 * One index: name, level, change (sign and colour), open/closed and today's sparkline. The whole
 * card is a toggle button: pressing it features the index in the big chart.
 */
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
  const points = intraday.data ?? [];
  return (
    <li>
      <button
        type="button"
        className={featured ? 'index-card featured' : 'index-card'}
        aria-pressed={featured}
        onClick={onSelect}
      >
        <span className="index-head">
          <span className="index-name">{index.name}</span>
          <MarketStatus open={quote.marketOpen} />
        </span>
        <span className="index-level">
          {formatNumber(quote.price)} <span className="index-currency">{index.currency}</span>
        </span>
        <ChangeText change={quote.change} percent={quote.changesPercentage} />
        {/* The numbers above say it all to a screen reader; the line is for the eye. */}
        <span className="index-spark" aria-hidden="true" style={SPARK}>
          {points.length > 1 && (
            <Sparkline
              points={points}
              trend={changeDirection(quote.change)}
              label={`${index.name} today`}
              {...SPARK}
            />
          )}
        </span>
      </button>
    </li>
  );
}
