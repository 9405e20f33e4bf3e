import { QUOTE_UNAVAILABLE_TEXT, type QuoteUnavailable } from '@core/market/coverage';

/** Where a level would be: why there is none (outside the data plan, or no quote), never a 0. */
export function QuoteUnavailableText({ reason }: { reason: QuoteUnavailable | undefined }) {
  return (
    <span className="muted quote-unavailable">{QUOTE_UNAVAILABLE_TEXT[reason ?? 'no-quote']}</span>
  );
}
