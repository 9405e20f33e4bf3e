import { DEMO_PER_USD } from '../../../core/market/fx';
import { findMarketIndex } from '../../../core/market/indexes';
import type { MarketInstrument } from '../../../core/market/types';
import type { MarketData, PricedInstrument } from '../../../lambdas/ports/market-data';
import { NotFound } from '../../../core/domain-errors';
import { createSimulatedMarket, type SimulatedMarket } from './index';

/**
 * The MarketData port over the simulated market (the local stand-in for the provider). It prices
 * the generated universe and the indexes only: a stock an admin adds has no prices until a real
 * provider has some, so it has no quote and no bars, as a listing the provider does not price yet.
 */
export function simulatedMarketData(market: SimulatedMarket = createSimulatedMarket()): MarketData {
  const instrumentOf = (priced: PricedInstrument): MarketInstrument | undefined => {
    if (priced.instrument) return priced.instrument;
    const index = findMarketIndex(priced.symbol);
    return index ? market.instrumentForIndex(index) : undefined;
  };
  return {
    quote: async (priced, now) => {
      const instrument = instrumentOf(priced);
      if (!instrument) throw new NotFound(`No market data for "${priced.symbol}"`);
      const quote = market.quote(instrument, now);
      if (!quote) throw new NotFound(`"${priced.symbol}" has not started trading yet`);
      return quote;
    },
    quotes: async (instruments, now) =>
      instruments.flatMap((priced) => {
        const instrument = instrumentOf(priced);
        const quote = instrument && market.quote(instrument, now);
        return quote ? [quote] : [];
      }),
    intraday: async (priced, interval, from, now) => {
      const instrument = instrumentOf(priced);
      return instrument ? market.intraday(instrument, interval, from, now, now) : [];
    },
    daily: async (priced, from, now) => {
      const instrument = instrumentOf(priced);
      return instrument ? market.daily(instrument, from, now, now) : [];
    },
    // The demo universe was generated at these rates; the simulated market holds them still.
    fxRates: async () => DEMO_PER_USD,
  };
}
