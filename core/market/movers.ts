import { quoteDayChange } from './day-change';
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

const row = ({ record: { symbol, profile }, quote }: QuotedCompany): Mover => {
  const move = quoteDayChange(quote);
  return {
    symbol,
    name: profile.companyName,
    exchangeShortName: profile.exchangeShortName,
    currency: profile.currency,
    price: quote.price,
    change: move.change,
    changesPercentage: move.percent,
    volume: quote.volume,
  };
};

/**
 * The day's movers: the `limit` largest gains and losses by the day's % change (losers worst
 * first), and the most active by traded value (volume × price, so a cheap stock's volume does not
 * outweigh a dear one's). Ties keep the universe's order.
 */
export function rankMovers(companies: readonly QuotedCompany[], limit: number): Movers {
  const percent = (c: QuotedCompany) => quoteDayChange(c.quote).percent;
  const byChange = [...companies].sort((a, b) => percent(b) - percent(a));
  const tradedValue = (c: QuotedCompany) => c.quote.volume * c.quote.price;
  return {
    gainers: byChange.slice(0, limit).map(row),
    losers: byChange.slice(-limit).reverse().map(row),
    mostActive: [...companies]
      .sort((a, b) => tradedValue(b) - tradedValue(a))
      .slice(0, limit)
      .map(row),
  };
}
