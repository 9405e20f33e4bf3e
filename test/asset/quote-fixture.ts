import type { Quote } from '../../core/market/types';

/** A quote at 100, up 1 (1%), for the asset service's tests over a stand-in market. */
export const quoteOf = (symbol: string): Quote => ({
  symbol,
  price: 100,
  change: 1,
  changesPercentage: 1,
  dayLow: 99,
  dayHigh: 101,
  yearLow: 80,
  yearHigh: 120,
  open: 99,
  previousClose: 99,
  volume: 0,
  avgVolume: 0,
  marketOpen: true,
  timestamp: 0,
});
