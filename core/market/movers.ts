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

const row = ({ record: { symbol, profile }, quote }: QuotedCompany): Mover => ({
  symbol,
  name: profile.companyName,
  exchangeShortName: profile.exchangeShortName,
  currency: profile.currency,
  price: quote.price,
  change: quote.change,
  changesPercentage: quote.changesPercentage,
  volume: quote.volume,
});

/**
 * The day's movers: the `limit` largest gains and losses by the day's % change (losers worst
 * first), and the most active by traded value (volume × price, so a cheap stock's volume does not
 * outweigh a dear one's). Ties keep the universe's order.
 */
export function rankMovers(companies: readonly QuotedCompany[], limit: number): Movers {
  const byChange = [...companies].sort(
    (a, b) => b.quote.changesPercentage - a.quote.changesPercentage,
  );
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
