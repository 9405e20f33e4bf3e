import type { ReactNode } from 'react';
import { formatCompact, formatPrice, formatShares } from '@core/format';
import { dayChange, quoteDayChange } from '@core/market/day-change';
import type { CompanyProfile, Quote } from '@core/market/types';
import { ChangeText } from '../../../components/ChangeText';
import { MarketStatus } from '../../../components/MarketStatus';
import { formatRange, parseRange } from '../lib/quote-format';

/**
 * Name, listing, price and the day's move. The live quote refines the profile's price fields once
 * it arrives (and every 15 s while the market trades); until then the profile's own are shown, in
 * the same layout, so nothing moves when it comes. Without the profile (its read failed) the symbol
 * stands in for the name and '—' for its figures; `status` then says why.
 */
export function QuoteHeader({
  profile,
  quote,
  symbol = profile?.symbol ?? '',
  status,
}: {
  profile?: CompanyProfile | undefined;
  quote?: Quote | null | undefined;
  symbol?: string;
  status?: ReactNode;
}) {
  const price = quote?.price ?? profile?.price;
  // The profile has no previous close: its price less its change stands in until the quote comes.
  const previous =
    quote?.previousClose ??
    (price !== undefined && profile?.changes !== undefined ? price - profile.changes : undefined);
  // The day's change has one definition (core): the same figure as the chart's 1D and the movers.
  const move = quote
    ? quoteDayChange(quote)
    : price !== undefined && previous !== undefined
      ? dayChange(price, previous)
      : undefined;
  const yearRange = quote ? [quote.yearLow, quote.yearHigh] : parseRange(profile?.range);
  const marketCap =
    quote && profile && profile.sharesOutstanding > 0
      ? quote.price * profile.sharesOutstanding
      : profile?.mktCap;

  return (
    <header className="quote-header">
      <div className="quote-title">
        <h1>{profile?.companyName ?? symbol}</h1>
        <p className="quote-meta">
          <span className="quote-symbol">{symbol}</span>
          {profile && (
            <>
              <span>{profile.exchange}</span>
              <span>Prices in {profile.currency}</span>
            </>
          )}
          {quote ? (
            <MarketStatus open={quote.marketOpen} />
          ) : (
            // Its room, kept until the quote comes: the line would otherwise wrap only then and
            // move the price under it.
            <span className="market-status-room" aria-hidden="true">
              <MarketStatus open={false} />
            </span>
          )}
        </p>
      </div>
      {status}
      <p className="quote-price">
        <span className="price" data-testid="quote-price">
          {formatPrice(price)}
        </span>{' '}
        <span className="currency">{profile?.currency}</span>{' '}
        <span className="quote-change" data-testid="quote-change">
          <ChangeText change={move?.change ?? null} percent={move?.percent} />
        </span>
      </p>
      <dl className="quote-facts">
        <div>
          <dt>Day range</dt>
          <dd>{formatRange(quote?.dayLow, quote?.dayHigh)}</dd>
        </div>
        <div>
          <dt>52-week range</dt>
          <dd>{formatRange(yearRange?.[0], yearRange?.[1])}</dd>
        </div>
        <div>
          <dt>Open</dt>
          <dd>{formatPrice(quote?.open)}</dd>
        </div>
        <div>
          <dt>Previous close</dt>
          <dd>{formatPrice(previous)}</dd>
        </div>
        <div>
          <dt>Volume</dt>
          <dd>{formatShares(quote?.volume)}</dd>
        </div>
        <div>
          <dt>Avg. volume</dt>
          <dd>{formatShares(quote?.avgVolume ?? profile?.volAvg)}</dd>
        </div>
        <div>
          <dt>Market cap</dt>
          <dd>{formatCompact(marketCap)}</dd>
        </div>
      </dl>
    </header>
  );
}
