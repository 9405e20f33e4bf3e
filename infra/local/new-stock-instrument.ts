import type { StockInput } from '../../core/curation/stock';
import type { MarketInstrument } from '../../core/market/types';
import { createRandom } from './demo/random';

/**
 * How the local product prices a stock an admin adds: the simulated market needs an instrument
 * (in AWS the market-data provider prices every listed symbol). Drawn from the ISIN, so the same
 * stock added again trades the same way.
 */
export function newStockInstrument(stock: StockInput): MarketInstrument {
  const rng = createRandom(`new-stock/${stock.isin}`);
  return {
    symbol: stock.symbol,
    exchangeShortName: stock.exchangeShortName,
    ipoDate: '2010-01-04',
    anchorPrice: Math.round(rng.logUniform(5, 500) * 100) / 100,
    annualVolatility: Math.round(rng.float(0.18, 0.45) * 1000) / 1000,
    annualDrift: Math.round(rng.float(0, 0.1) * 1000) / 1000,
    averageDailyVolume: Math.max(
      100,
      Math.round((stock.sharesOutstanding * rng.float(0.3, 1.2)) / 252),
    ),
  };
}
