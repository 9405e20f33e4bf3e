import { quoteDayChange } from './day-change';
import { conversionFactor, type FxRates } from './fx';
import type { CompanyProfile, Mover, Movers, Quote } from './types';

/** A company with its quote: what the movers are ranked from. */
export interface QuotedCompany {
  readonly record: {
    readonly symbol: string;
    readonly profile: Pick<CompanyProfile, 'companyName' | 'exchangeShortName' | 'currency'>;
  };
  readonly quote: Quote;
}

export const DEFAULT_MOVERS_LIMIT = 10;

/** The one currency traded values are ranked in, so a yen amount never outranks dollars. */
export const TRADED_VALUE_CURRENCY = 'USD';

/**
 * The day's traded value (volume × price) in the listing's currency, and in
 * TRADED_VALUE_CURRENCY at the product's rates; null there when no rate converts the listing's.
 */
export function tradedValueOf(
  { record, quote }: QuotedCompany,
  rates: FxRates | undefined,
): { readonly local: number; readonly usd: number | null } {
  const local = quote.volume * quote.price;
  const factor = conversionFactor(record.profile.currency, TRADED_VALUE_CURRENCY, rates);
  return { local, usd: factor === undefined ? null : local * factor };
}

const row =
  (rates: FxRates | undefined) =>
  (company: QuotedCompany): Mover => {
    const { record, quote } = company;
    const move = quoteDayChange(quote);
    const traded = tradedValueOf(company, rates);
    return {
      symbol: record.symbol,
      name: record.profile.companyName,
      exchangeShortName: record.profile.exchangeShortName,
      currency: record.profile.currency,
      price: quote.price,
      change: move.change,
      changesPercentage: move.percent,
      volume: quote.volume,
      tradedValue: traded.local,
      tradedValueUsd: traded.usd,
    };
  };

/**
 * The day's movers: the `limit` largest gains and losses by the day's % change (losers worst
 * first), and the most active by traded value (volume × price, so a cheap stock's volume does not
 * outweigh a dear one's) converted into US dollars at `rates`, the product's own, so listings in
 * yen or rupees rank against dollars at their worth. A listing no rate converts is left out of
 * the most active rather than ranked on a number in another currency. Ties keep the universe's
 * order.
 */
export function rankMovers(
  companies: readonly QuotedCompany[],
  limit: number,
  rates: FxRates | undefined,
): Movers {
  const percent = (c: QuotedCompany) => quoteDayChange(c.quote).percent;
  const byChange = [...companies].sort((a, b) => percent(b) - percent(a));
  const toRow = row(rates);
  const active = companies
    .map(toRow)
    .filter((m): m is Mover & { tradedValueUsd: number } => m.tradedValueUsd !== null);
  return {
    gainers: byChange.slice(0, limit).map(toRow),
    losers: byChange.slice(-limit).reverse().map(toRow),
    mostActive: active.sort((a, b) => b.tradedValueUsd - a.tradedValueUsd).slice(0, limit),
  };
}
