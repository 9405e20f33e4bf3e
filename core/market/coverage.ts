/**
 * What the product says of an index, exchange or symbol the market-data provider's plan does not
 * cover (docs/spec.md §3's indexes include markets a cheaper plan leaves out). One text, shown
 * by the API's error and by the SPA's index cards, never a 0 or a blank in its place.
 */
export const NOT_COVERED_BY_PLAN = 'not covered by the data plan';

/** "^N225 is not covered by the data plan". */
export const notCoveredMessage = (what: string): string => `${what} is ${NOT_COVERED_BY_PLAN}`;

/** The REST error body's `reason` for it, so a client tells it from an unknown symbol (a 404 too). */
export const NOT_COVERED_REASON = 'not-covered';

/** Why an index has no quote: outside the data plan, or none to be had from the provider. */
export type QuoteUnavailable = 'not-covered' | 'no-quote';

/** What an index card says in place of its level, by QuoteUnavailable. */
export const QUOTE_UNAVAILABLE_TEXT: Readonly<Record<QuoteUnavailable, string>> = {
  'not-covered': 'Not covered by the data plan',
  'no-quote': 'No quote available',
};
