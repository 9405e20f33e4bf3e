import { formatPrice } from '@core/format';
import type { IndexQuote } from '@core/market/types';
import { ChangeText } from '../../../components/ChangeText';
import { MarketStatus } from '../../../components/MarketStatus';
import { QuoteUnavailableText } from '../../../components/QuoteUnavailableText';
import { DayLine } from '../../../components/chart/DayLine';

// The server sends core's DAY_SPARK_POINTS (150) points a day: one per pixel of this width.
const SPARK = { width: 150, height: 36 };

/**
 * One index: name, level, change (sign and colour), open/closed and today's sparkline (the line
 * the server drew from the index's 1D bars, in the same read as the quote). The whole card is a
 * toggle button: pressing it features the index in the big chart.
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
  const { quote, spark } = index;
  // No quote (outside the data plan, or none to be had): the card says why; nothing to feature.
  if (!quote) {
    return (
      <li>
        <div className="index-card unavailable">
          <span className="index-head">
            <span className="index-name">{index.name}</span>
          </span>
          <QuoteUnavailableText reason={index.unavailable} />
        </div>
      </li>
    );
  }
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
          {formatPrice(quote.price)} <span className="index-currency">{index.currency}</span>
        </span>
        <ChangeText change={quote.change} percent={quote.changesPercentage} />
        <DayLine
          className="index-spark"
          spark={spark}
          change={quote.change}
          label={`${index.name} today`}
          {...SPARK}
        />
      </button>
    </li>
  );
}
