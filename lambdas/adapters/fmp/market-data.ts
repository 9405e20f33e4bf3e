import { CURRENCIES, type Currency, type FxRates } from '../../../core/market/fx';
import { quotedDayChange } from '../../../core/market/day-change';
import { findExchange } from '../../../core/market/exchanges';
import type { PriceBar, Quote } from '../../../core/market/types';
import type { IntradayInterval, MarketData, PricedInstrument } from '../../ports/market-data';
import type { FmpClient } from './client';
import {
  formatLocalDateTime,
  isOpen,
  localDateOf,
  timeZoneOf,
} from '../../../core/market/exchange-clock';
import {
  dailyBarsSchema,
  forexQuotesSchema,
  intradayBarsSchema,
  quotesSchema,
  type FmpForexQuote,
  type FmpQuote,
} from './market-data-schemas';
import { ProviderError } from './provider-error';

const segment = encodeURIComponent;
/** Symbols per batched /quote request (the URL stays well under any gateway's limit). */
const QUOTE_BATCH = 100;

/** Newest first, as the port promises (FMP does so today; we do not rely on it). */
const newestFirst = (bars: PriceBar[]) =>
  bars.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));

const toBar = ({ date, open, high, low, close, volume }: PriceBar): PriceBar => ({
  date,
  open,
  high,
  low,
  close,
  volume,
});

/** The MarketData port over FMP: quotes, intraday and daily bars. */
export function createFmpMarketData(client: FmpClient): MarketData {
  return {
    async quote(instrument: PricedInstrument, now: Date): Promise<Quote> {
      const path = `/v3/quote/${segment(instrument.symbol)}`;
      const [quote] = await client.get(path, {}, quotesSchema);
      if (!quote) throw new ProviderError('not-found', path, 'no quote for this symbol');
      const exchange = findExchange(instrument.exchangeShortName);
      // An exchange core does not model is reported closed rather than guessed at.
      return toQuote(quote, exchange ? isOpen(exchange, now) : false);
    },

    async quotes(instruments: readonly PricedInstrument[], now: Date): Promise<Quote[]> {
      const bySymbol = new Map(instruments.map((i) => [i.symbol.toUpperCase(), i]));
      const symbols = [...bySymbol.keys()];
      const batches: string[][] = [];
      for (let i = 0; i < symbols.length; i += QUOTE_BATCH) {
        batches.push(symbols.slice(i, i + QUOTE_BATCH));
      }
      const answers = await Promise.all(
        batches.map((batch) =>
          client.get(`/v3/quote/${batch.map(segment).join(',')}`, {}, quotesSchema),
        ),
      );
      return answers.flat().flatMap((quote) => {
        const instrument = bySymbol.get(quote.symbol.toUpperCase());
        if (!instrument) return [];
        const exchange = findExchange(instrument.exchangeShortName);
        return [toQuote(quote, exchange ? isOpen(exchange, now) : false)];
      });
    },

    async intraday(
      instrument: PricedInstrument,
      interval: IntradayInterval,
      from: Date,
      now: Date,
    ): Promise<PriceBar[]> {
      if (from > now) return [];
      const timeZone = timeZoneOf(instrument.exchangeShortName);
      const [start, end] = [from, now].map((t) => formatLocalDateTime(timeZone, t)) as [
        string,
        string,
      ];
      const bars = await client.get(
        `/v3/historical-chart/${interval}/${segment(instrument.symbol)}`,
        { from: start.slice(0, 10), to: end.slice(0, 10) },
        intradayBarsSchema,
      );
      // from/to are whole days; trim to the instants asked for (the bar stamped `now` included).
      return newestFirst(bars.filter((b) => b.date >= start && b.date <= end).map(toBar));
    },

    async daily(instrument: PricedInstrument, from: Date, now: Date): Promise<PriceBar[]> {
      if (from > now) return [];
      const timeZone = timeZoneOf(instrument.exchangeShortName);
      const start = localDateOf(timeZone, from);
      const end = localDateOf(timeZone, now);
      const { historical = [] } = await client.get(
        `/v3/historical-price-full/${segment(instrument.symbol)}`,
        { from: start, to: end },
        dailyBarsSchema,
      );
      return newestFirst(historical.filter((b) => b.date >= start && b.date <= end).map(toBar));
    },

    async fxRates(): Promise<FxRates> {
      return perUsdRates(await client.get(FOREX_PATH, {}, forexQuotesSchema));
    },
  };
}

const FOREX_PATH = '/v3/quotes/forex';

/**
 * Units per US dollar from FMP's forex quotes: USDxxx is the rate itself, xxxUSD its inverse (FMP
 * quotes EURUSD and GBPUSD that way round). A supported currency with neither pair, or only a
 * non-positive price, fails the call: a missing rate must not silently convert at 1.
 */
export function perUsdRates(quotes: readonly FmpForexQuote[]): FxRates {
  const price = new Map<string, number>();
  for (const q of quotes) {
    if (q.price !== null && q.price > 0)
      price.set(q.symbol.replace('/', '').toUpperCase(), q.price);
  }
  const rateOf = (currency: Currency): number => {
    if (currency === 'USD') return 1;
    const direct = price.get(`USD${currency}`);
    if (direct !== undefined) return direct;
    const inverse = price.get(`${currency}USD`);
    if (inverse !== undefined) return 1 / inverse;
    throw new ProviderError('invalid', FOREX_PATH, `no USD${currency} or ${currency}USD quote`);
  };
  return Object.fromEntries(CURRENCIES.map((c) => [c, rateOf(c)])) as Record<Currency, number>;
}

/**
 * FMP nulls fall back to what the other figures imply: no previous close → price − change; the
 * change and its percent are core's day change against the previous close; no open or day range → the price; no year range → the day's;
 * no volume → 0.
 */
export function toQuote(q: FmpQuote, marketOpen: boolean): Quote {
  const previousClose = q.previousClose ?? q.price - (q.change ?? 0);
  // The day's change has one definition (core): against the previous close, whatever FMP's own
  // change fields say; they are only the fallback when there is no previous close.
  const move = quotedDayChange(q.price, previousClose);
  const change = move?.change ?? q.change ?? 0;
  const changesPercentage = move?.percent ?? q.changesPercentage ?? 0;
  const dayLow = q.dayLow ?? q.price;
  const dayHigh = q.dayHigh ?? q.price;
  return {
    symbol: q.symbol,
    price: q.price,
    change,
    changesPercentage,
    dayLow,
    dayHigh,
    yearLow: q.yearLow ?? dayLow,
    yearHigh: q.yearHigh ?? dayHigh,
    open: q.open ?? q.price,
    previousClose,
    volume: q.volume ?? 0,
    avgVolume: q.avgVolume ?? 0,
    marketOpen,
    timestamp: q.timestamp,
  };
}
