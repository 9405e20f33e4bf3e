import { lazy, Suspense } from 'react';
import { formatPrice } from '@core/format';
import { findMarketIndex } from '@core/market/indexes';
import type { IndexQuote } from '@core/market/types';
import { ChangeText } from '../../../components/ChangeText';
import { MarketStatus } from '../../../components/MarketStatus';
import { QuoteUnavailableText } from '../../../components/QuoteUnavailableText';

// The chart (and chart.js behind it) is a chunk of its own: the index cards and movers paint
// without waiting for it, and '/' keeps a small first bundle.
const PriceChart = lazy(() =>
  import('../../../components/chart/PriceChart').then((m) => ({ default: m.PriceChart })),
);

const CHART_HEIGHT = 320;

/** The featured index large: its quote and the interactive chart (1D … ALL). */
export function FeaturedIndex({
  symbol,
  index,
}: {
  symbol: string;
  index?: IndexQuote | undefined;
}) {
  // The name comes from core, so heading and chart need not wait for the quotes.
  const known = index ?? findMarketIndex(symbol);
  const name = known?.name ?? symbol;
  return (
    <section aria-labelledby="featured-title" className="market-section featured-index">
      <div className="featured-head">
        <h2 id="featured-title">{name}</h2>
        {index?.quote ? (
          <p className="featured-quote">
            <span className="featured-level">{formatPrice(index.quote.price)}</span>{' '}
            <span className="index-currency">{index.currency}</span>{' '}
            <ChangeText change={index.quote.change} percent={index.quote.changesPercentage} />{' '}
            <MarketStatus open={index.quote.marketOpen} />
          </p>
        ) : index ? (
          <p className="featured-quote">
            <QuoteUnavailableText reason={index.unavailable} />
          </p>
        ) : (
          // The quote's place, kept while it loads so the chart below does not move when it comes
          // (on a phone the quote wraps under the name).
          <p className="featured-quote pending" aria-hidden="true">
            <span className="featured-level">00,000.00</span> {known?.currency} ▲ +000.00 (+0.00%)
            Market Closed
          </p>
        )}
      </div>
      <Suspense fallback={<ChartPlaceholder />}>
        <PriceChart
          symbol={symbol}
          label={name}
          {...(known ? { currency: known.currency } : {})}
          height={CHART_HEIGHT}
        />
      </Suspense>
    </section>
  );
}

/** Toolbar and chart box of the final size while the chart's code loads. */
function ChartPlaceholder() {
  return (
    <div className="featured-placeholder" role="status" aria-busy="true">
      <span className="visually-hidden">Loading chart…</span>
    </div>
  );
}
