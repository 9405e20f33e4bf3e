import { findMarketIndex } from '../../core/market/indexes';
import type { StocksRepository } from '../ports/stocks-repository';

/** Whether a symbol is one the product prices (an alert on any other would never fire). */
export type KnownSymbol = (symbol: string) => Promise<boolean>;

/**
 * The evaluator's universe (lambdas/alerts/quote-batch.ts): a listed company of the stocks table,
 * or one of §3's market indexes. One indexed read per check, only when an alert is created.
 */
export const knownSymbolIn =
  (stocks: Pick<StocksRepository, 'findBySymbol'>): KnownSymbol =>
  async (symbol) =>
    findMarketIndex(symbol) !== undefined || (await stocks.findBySymbol(symbol)) !== undefined;
