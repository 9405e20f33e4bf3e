import { formatCompact, formatNumber, formatPercent } from '../../../../../core/format';
import type { CompanyProfile, Quote } from '../../../../../core/market/types';

/** '+1.23' / '-1.23': the sign is spelled out, colour is not the only cue. */
const signed = (value: number) => `${value >= 0 ? '+' : ''}${formatNumber(value)}`;

export function QuoteHeader({ profile, quote }: { profile: CompanyProfile; quote: Quote | null }) {
  const price = quote?.price ?? profile.price;
  const change = quote?.change ?? profile.changes ?? 0;
  const percent = quote?.changesPercentage ?? 0;
  const direction = change >= 0 ? 'up' : 'down';
  return (
    <header className="quote-header">
      <div className="quote-title">
        <h1>{profile.companyName}</h1>
        <p className="muted">
          <span className="quote-symbol">{profile.symbol}</span> · {profile.exchange} ·{' '}
          {profile.currency}
          {quote && (
            <span className={quote.marketOpen ? 'badge open' : 'badge'}>
              {quote.marketOpen ? 'Market open' : 'Market closed'}
            </span>
          )}
        </p>
      </div>
      <div className="quote-price" aria-live="polite">
        <span className="price">{formatNumber(price)}</span>{' '}
        <span className="currency muted">{profile.currency}</span>
        <span className={`change ${direction}`}>
          {direction === 'up' ? '▲' : '▼'} {signed(change)} (
          {formatPercent(percent, { signed: true })})
        </span>
      </div>
      {quote && (
        <dl className="quote-facts">
          <div>
            <dt>Day range</dt>
            <dd>
              {formatNumber(quote.dayLow)} – {formatNumber(quote.dayHigh)}
            </dd>
          </div>
          <div>
            <dt>52-week range</dt>
            <dd>
              {formatNumber(quote.yearLow)} – {formatNumber(quote.yearHigh)}
            </dd>
          </div>
          <div>
            <dt>Open</dt>
            <dd>{formatNumber(quote.open)}</dd>
          </div>
          <div>
            <dt>Previous close</dt>
            <dd>{formatNumber(quote.previousClose)}</dd>
          </div>
          <div>
            <dt>Volume</dt>
            <dd>{quote.volume.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Avg. volume</dt>
            <dd>{Math.round(quote.avgVolume).toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Market cap</dt>
            <dd>{formatCompact(quote.price * profile.sharesOutstanding)}</dd>
          </div>
        </dl>
      )}
    </header>
  );
}
