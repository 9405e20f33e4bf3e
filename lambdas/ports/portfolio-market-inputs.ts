import type { FxRates } from '../../core/market/fx';
import type { Close } from '../../core/portfolio/performance';
import type { SymbolMarket } from '../../core/portfolio/summary-inputs';

/** The symbols a portfolio summary needs, and from when. */
export interface PortfolioMarketRequest {
  /** As the transactions spell them. */
  readonly symbols: readonly string[];
  /** An index of §3 or a stock; none when the user chose none. */
  readonly benchmark?: string;
  /** The first transaction's day, YYYY-MM-DD: closes are read from it. */
  readonly from: string;
}

/** What core's portfolioSummary takes besides the portfolio (core/portfolio/summary-inputs.ts). */
export interface PortfolioMarket {
  /** By symbol as requested; a symbol the product does not know is absent. */
  readonly symbols: ReadonlyMap<string, SymbolMarket>;
  /** Today's rates; undefined when they could not be read (the summary names what needs them). */
  readonly rates: FxRates | undefined;
  /** The benchmark's daily closes, ascending; absent without a benchmark or its prices. */
  readonly benchmarkCloses?: readonly Close[];
}

/**
 * Port: the market inputs of a portfolio's summary, read for many symbols at once (a portfolio
 * may hold hundreds): profiles, quotes, statements and Shariah data in bulk reads, not a read of
 * each per symbol.
 */
export interface PortfolioMarketInputs {
  read(request: PortfolioMarketRequest, now: Date): Promise<PortfolioMarket>;
}
