import type { FxRates } from '../../core/market/fx';
import type { MarketInstrument, PriceBar, Quote } from '../../core/market/types';

/** What the market-data source needs to know about an instrument (company or index). */
export interface PricedInstrument {
  readonly symbol: string;
  readonly exchangeShortName: string;
  /** The simulated market prices from these; the provider adapter ignores them. */
  readonly instrument?: MarketInstrument;
}

export type IntradayInterval = '1min' | '5min';

/**
 * Port over live and historical prices: the simulated market locally, the provider in AWS.
 * Bars are newest first, as the provider returns them, and never later than `now`. A read of an
 * instrument the provider's plan does not cover throws NotCovered (core/domain-errors.ts), never
 * an empty answer; `quotes` leaves such instruments out.
 */
export interface MarketData {
  quote(instrument: PricedInstrument, now: Date): Promise<Quote>;
  /**
   * Quotes of many instruments in one batch (the provider's comma-separated /quote); one it has no
   * quote for is left out, not thrown.
   */
  quotes(instruments: readonly PricedInstrument[], now: Date): Promise<Quote[]>;
  intraday(
    instrument: PricedInstrument,
    interval: IntradayInterval,
    from: Date,
    now: Date,
  ): Promise<PriceBar[]>;
  daily(instrument: PricedInstrument, from: Date, now: Date): Promise<PriceBar[]>;
  /** Exchange rates as units per US dollar, for every supported currency. */
  fxRates(now: Date): Promise<FxRates>;
}
