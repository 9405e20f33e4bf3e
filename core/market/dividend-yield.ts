/**
 * The dividend yield, one rule for every place that shows it (the screener, the key statistics,
 * compare, the calendar's dividends and its .ics export): the dividends per share of the last
 * twelve months (CompanyProfile.lastDiv) over the live price, both in the listing's currency.
 * Not one payment annualised: a company that raised or cut its dividend during the year would
 * show a different yield in the calendar than in the screener.
 */

/** The yield as a fraction (0.0304 for 3.04%); null without a positive price or a dividend figure. */
export function trailingDividendYield(
  dividendPerShareTtm: number | null | undefined,
  price: number | null | undefined,
): number | null {
  if (typeof dividendPerShareTtm !== 'number' || !Number.isFinite(dividendPerShareTtm)) return null;
  if (typeof price !== 'number' || !Number.isFinite(price) || !(price > 0)) return null;
  return dividendPerShareTtm / price;
}

/** The same yield in percent (3.04), as the screener and the calendar carry it. */
export function trailingDividendYieldPercent(
  dividendPerShareTtm: number | null | undefined,
  price: number | null | undefined,
): number | null {
  const fraction = trailingDividendYield(dividendPerShareTtm, price);
  return fraction === null ? null : fraction * 100;
}
