import { NotCovered, NotFound } from '../../../core/domain-errors';
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
import { logger } from '../../shared/observability/logger';
import { ProviderError } from './provider-error';

/** Symbols per /stable/batch-quote request (the URL stays well under any gateway's limit). */
export const QUOTE_BATCH = 100;
/** Single /stable/quote calls in flight at once when the plan refuses the batch endpoint. */
export const SINGLE_QUOTE_CONCURRENCY = 4;

const QUOTE_PATH = '/stable/quote';
const BATCH_QUOTE_PATH = '/stable/batch-quote';
const DAILY_PATH = '/stable/historical-price-eod/full';
const FOREX_PATH = '/stable/batch-forex-quotes';
const intradayPath = (interval: IntradayInterval) => `/stable/historical-chart/${interval}`;

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

const chunksOf = <T>(items: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
};

/**
 * `fn` over every item, at most `lanes` at once, results in the items' order. The first failure
 * fails the whole and stops the lanes taking more items.
 */
async function mapBounded<T, R>(
  items: readonly T[],
  lanes: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  return results;
}

const refusedByPlan = (error: unknown) => error instanceof ProviderError && error.refusedByPlan;

/**
 * The port's word for a refusal by the key's plan (an exchange or an endpoint the plan leaves
 * out): NotCovered, which the product says as "not covered by the data plan", never as no data.
 */
const coveredOr =
  (symbol: string) =>
  (error: unknown): never => {
    if (refusedByPlan(error)) throw new NotCovered(symbol, { cause: error });
    throw error;
  };

/** The MarketData port over FMP's stable API: quotes, intraday and daily bars, forex rates. */
export function createFmpMarketData(client: FmpClient): MarketData {
  /**
   * Set once the key's plan refuses /stable/batch-quote: from then on this adapter quotes symbol
   * by symbol without asking the batch endpoint again (a plan does not change within a Lambda's
   * life, and a refused batch would cost a call on every read).
   */
  let batchRefused = false;

  const quoteOf = async (symbol: string): Promise<FmpQuote | undefined> => {
    const [quote] = await client.get(QUOTE_PATH, { symbol }, quotesSchema);
    return quote;
  };

  /**
   * Symbol by symbol, a few calls at once; a symbol FMP has no quote for, or one on an exchange
   * the plan does not cover, is left out. When the plan refuses every one, that is no partial
   * coverage but a refused endpoint (or key): the refusal is thrown.
   */
  const singleQuotes = async (symbols: readonly string[]): Promise<FmpQuote[]> => {
    let refusal: unknown;
    let refused = 0;
    const quotes = await mapBounded(symbols, SINGLE_QUOTE_CONCURRENCY, (symbol) =>
      quoteOf(symbol).catch((error: unknown) => {
        if (error instanceof ProviderError && error.notFound) return undefined;
        if (!refusedByPlan(error)) throw error;
        refusal = error;
        refused += 1;
        return undefined;
      }),
    );
    if (symbols.length > 0 && refused === symbols.length) throw refusal;
    return quotes.filter((q): q is FmpQuote => q !== undefined);
  };

  const fmpQuotes = async (symbols: readonly string[]): Promise<FmpQuote[]> => {
    if (!batchRefused) {
      try {
        const answers = await Promise.all(
          chunksOf(symbols, QUOTE_BATCH).map((batch) =>
            client.get(BATCH_QUOTE_PATH, { symbols: batch.join(',') }, quotesSchema),
          ),
        );
        return answers.flat();
      } catch (error) {
        if (!refusedByPlan(error)) throw error;
        batchRefused = true;
        logger.warn(`${(error as ProviderError).message}; quoting symbol by symbol from now on`);
      }
    }
    return singleQuotes(symbols);
  };

  return {
    async quote(instrument: PricedInstrument, now: Date): Promise<Quote> {
      const quote = await quoteOf(instrument.symbol).catch(coveredOr(instrument.symbol));
      // FMP knows no such listing (its answer is empty): the caller's 404, not a provider fault.
      if (!quote) throw new NotFound(`No quote for "${instrument.symbol}"`);
      const exchange = findExchange(instrument.exchangeShortName);
      // An exchange core does not model is reported closed rather than guessed at.
      return toQuote(quote, exchange ? isOpen(exchange, now) : false);
    },

    async quotes(instruments: readonly PricedInstrument[], now: Date): Promise<Quote[]> {
      const bySymbol = new Map(instruments.map((i) => [i.symbol.toUpperCase(), i]));
      if (bySymbol.size === 0) return [];
      const quotes = await fmpQuotes([...bySymbol.keys()]);
      return quotes.flatMap((quote) => {
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
      const bars = await client
        .get(
          intradayPath(interval),
          { symbol: instrument.symbol, from: start.slice(0, 10), to: end.slice(0, 10) },
          intradayBarsSchema,
        )
        .catch(coveredOr(instrument.symbol));
      // from/to are whole days; trim to the instants asked for (the bar stamped `now` included).
      return newestFirst(bars.filter((b) => b.date >= start && b.date <= end).map(toBar));
    },

    async daily(instrument: PricedInstrument, from: Date, now: Date): Promise<PriceBar[]> {
      if (from > now) return [];
      const timeZone = timeZoneOf(instrument.exchangeShortName);
      const start = localDateOf(timeZone, from);
      const end = localDateOf(timeZone, now);
      const bars = await client
        .get(DAILY_PATH, { symbol: instrument.symbol, from: start, to: end }, dailyBarsSchema)
        .catch(coveredOr(instrument.symbol));
      return newestFirst(bars.filter((b) => b.date >= start && b.date <= end).map(toBar));
    },

    async fxRates(): Promise<FxRates> {
      return perUsdRates(await client.get(FOREX_PATH, {}, forexQuotesSchema));
    },
  };
}

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
 * change and its percent are core's day change against the previous close; no open or day range →
 * the price; no year range → the day's; no volume → 0. The stable quote carries no average volume
 * (the legacy one did), so avgVolume is 0: "not known" in the port's number.
 */
export function toQuote(q: FmpQuote, marketOpen: boolean): Quote {
  const previousClose = q.previousClose ?? q.price - (q.change ?? 0);
  // The day's change has one definition (core): against the previous close, whatever FMP's own
  // change fields say; they are only the fallback when there is no previous close.
  const move = quotedDayChange(q.price, previousClose);
  const change = move?.change ?? q.change ?? 0;
  const changesPercentage = move?.percent ?? q.changePercentage ?? 0;
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
    avgVolume: 0,
    marketOpen,
    timestamp: q.timestamp,
  };
}
