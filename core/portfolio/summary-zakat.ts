import { ledgerOf } from './holdings';
import type { PortfolioSummaryInput, SymbolMarket, ZakatOptions } from './summary-inputs';
import {
  estimateZakat,
  type ZakatableBalance,
  type ZakatEstimate,
  type ZakatHolding,
} from './zakat';

/**
 * The zakat part of the summary: the shares held on the day the user picked (transactions after it
 * do not count), each priced on that day and valued from the latest balance sheet on it.
 */

/** The latest sheet dated on or before `date`. */
function sheetOn(
  sheets: readonly ZakatableBalance[] | undefined,
  date: string,
): ZakatableBalance | undefined {
  let found: ZakatableBalance | undefined;
  for (const sheet of sheets ?? []) {
    if (sheet.date <= date && (!found || sheet.date > found.date)) found = sheet;
  }
  return found;
}

/** The price on `date`: today's quote from today on, else the last close on or before it. */
function priceOn(market: SymbolMarket | undefined, date: string, today: string) {
  if (date >= today) return market?.price;
  let found: number | undefined;
  for (const close of market?.closes ?? []) {
    if (close.date > date) break;
    found = close.close;
  }
  return found;
}

export function zakatOf(input: PortfolioSummaryInput, options: ZakatOptions): ZakatEstimate {
  const { settings, methods = {} } = options;
  const held = ledgerOf(input.portfolio.transactions.filter((t) => t.date <= settings.date));
  const holdings = held.holdings
    .filter((h) => h.quantity > 0)
    .map((h): ZakatHolding => {
      const market = input.market.get(h.symbol);
      // A price in an unknown currency is no price: it would be converted as the wrong one.
      const price = market?.currency ? priceOn(market, settings.date, input.today) : undefined;
      const balance = sheetOn(market?.balanceSheets, settings.date);
      return {
        symbol: h.symbol,
        shares: h.quantity,
        method: methods[h.symbol] ?? 'investment',
        currency: market?.currency ?? h.currency,
        ...(price !== undefined ? { price } : {}),
        ...(balance ? { balance } : {}),
        ...(market?.sharesOutstanding !== undefined
          ? { sharesOutstanding: market.sharesOutstanding }
          : {}),
      };
    });
  return estimateZakat(holdings, settings, input.portfolio.currency, input.rates);
}
