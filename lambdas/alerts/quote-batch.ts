import { findMarketIndex } from '../../core/market/indexes';
import type { Quote } from '../../core/market/types';
import { toPriced, type AssetService } from '../asset/service';
import type { MarketData, PricedInstrument } from '../ports/market-data';

/** Quotes of many symbols at once, by symbol (the evaluator's one batch per run). */
export type QuoteBatch = (
  symbols: readonly string[],
  now: Date,
) => Promise<ReadonlyMap<string, Quote>>;

/**
 * The batch over the asset service's universe (cached, so a run does not read every profile) and
 * one batched market-data request: companies by their stored listing, §3 indexes by theirs. A
 * symbol neither knows is left out (its alerts wait).
 */
export function universeQuoteBatch(service: AssetService, market: MarketData): QuoteBatch {
  return async (symbols, now) => {
    const records = await service.profiles(now);
    const bySymbol = new Map(records.map((record) => [record.symbol, record]));
    const priced = symbols.flatMap((symbol): PricedInstrument[] => {
      const record = bySymbol.get(symbol);
      if (record) return [toPriced(record)];
      const index = findMarketIndex(symbol);
      return index ? [{ symbol, exchangeShortName: index.exchangeShortName }] : [];
    });
    const quotes = await market.quotes(priced, now);
    return new Map(quotes.map((quote) => [quote.symbol, quote]));
  };
}
