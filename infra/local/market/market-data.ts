import { DEMO_PER_USD } from '../../../core/market/fx';
import { findMarketIndex } from '../../../core/market/indexes';
import type { MarketInstrument } from '../../../core/market/types';
import type { MarketData, PricedInstrument } from '../../../lambdas/ports/market-data';
import { NotFound } from '../../../core/domain-errors';
import { createSimulatedMarket, type SimulatedMarket } from './index';

/** The MarketData port over the simulated market (the local stand-in for the provider). */
export function simulatedMarketData(market: SimulatedMarket = createSimulatedMarket()): MarketData {
  const instrumentOf = (priced: PricedInstrument): MarketInstrument => {
    if (priced.instrument) return priced.instrument;
    const index = findMarketIndex(priced.symbol);
    if (index) return market.instrumentForIndex(index);
    throw new NotFound(`No market data for "${priced.symbol}"`);
  };
  return {
    quote: async (priced, now) => {
      const quote = market.quote(instrumentOf(priced), now);
      if (!quote) throw new NotFound(`"${priced.symbol}" has not started trading yet`);
      return quote;
    },
    quotes: async (instruments, now) =>
      instruments.flatMap((priced) => {
        const instrument = priced.instrument ?? findMarketIndex(priced.symbol);
        const quote = instrument && market.quote(instrumentOf(priced), now);
        return quote ? [quote] : [];
      }),
    intraday: async (priced, interval, from, now) =>
      market.intraday(instrumentOf(priced), interval, from, now, now),
    daily: async (priced, from, now) => market.daily(instrumentOf(priced), from, now, now),
    // The demo universe was generated at these rates; the simulated market holds them still.
    fxRates: async () => DEMO_PER_USD,
  };
}
