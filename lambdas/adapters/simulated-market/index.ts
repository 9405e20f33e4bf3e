/**
 * A deterministic simulated market that stands in for the market-data provider when the product
 * runs locally. Prices are a pure function of (instrument, time): the same request gives the same
 * bars on every machine, and a quote moves minute by minute while a session runs, agreeing with
 * the bars a chart of the same instant shows.
 *
 * Shapes follow FMP: `intraday` is /historical-chart/{1min|5min} and `daily` is
 * /historical-price-full (both newest first), `quote` is /quote.
 */
import { findExchange, type Exchange } from '../../../core/market/exchanges';
import type { MarketIndex, MarketInstrument, PriceBar, Quote } from '../../../core/market/types';
import {
  MS_PER_DAY,
  dateOfDayNumber,
  isOpen,
  localTimeOf,
  sessionsOn,
  yearsBefore,
} from './calendar';
import { DailySeries, type DailyValues } from './daily';
import { instrumentForIndex } from './index-instruments';
import { aggregate, barsStartedBy, buildDayBars, toPriceBars, type DayBars } from './intraday';
import { LruCache } from './lru';

export { instrumentForIndex } from './index-instruments';

export type IntradayInterval = '1min' | '5min';

/** Daily bars reach back this many years before now (or to the IPO, if later). */
export const HISTORY_YEARS = 40;
/**
 * At most this many trading days of intraday bars per request (newest kept), like the provider's
 * own cap: a careless 1-minute request over decades would otherwise build millions of bars.
 */
export const INTRADAY_MAX_DAYS = 60;
/** Trading days averaged for Quote.avgVolume. */
export const AVERAGE_VOLUME_DAYS = 50;

export interface SimulatedMarketOptions {
  /** Clock for calls not given `now`; defaults to the system clock. */
  readonly now?: () => Date;
  /** Instruments whose daily series stay memoised (about 0.45 MB each for 40 years). */
  readonly instrumentCacheSize?: number;
  /** Trading days whose 1-minute bars stay memoised (about 20 KB each). */
  readonly dayCacheSize?: number;
}

/**
 * `from` and `to` are calendar dates: the UTC date of each Date (what `new Date('YYYY-MM-DD')`
 * gives) is read as a date on the exchange's calendar, like FMP's from/to query parameters, and
 * every session of every trading day between them (inclusive) is covered. Every exchange opens
 * after 00:00 UTC of its local date, so `to = now` reaches the running day. Nothing after `now` is
 * returned: a running day is cut at the bar whose minute has started, and its daily bar is the
 * aggregate so far.
 */
export interface SimulatedMarket {
  /**
   * FMP /quote at `now`: the price of the last 1-minute bar started by then. Before a day's open
   * it is the previous trading day's quote; undefined before the instrument's first trading day.
   */
  quote(instrument: MarketInstrument, now?: Date): Quote | undefined;
  /** 1- or 5-minute bars, newest first, of at most INTRADAY_MAX_DAYS trading days. */
  intraday(
    instrument: MarketInstrument,
    interval: IntradayInterval,
    from: Date,
    to: Date,
    now?: Date,
  ): PriceBar[];
  /** Daily bars ('YYYY-MM-DD'), newest first, no further back than HISTORY_YEARS before now. */
  daily(instrument: MarketInstrument, from: Date, to: Date, now?: Date): PriceBar[];
  /** The simulated instrument behind a §3 market index. */
  instrumentForIndex(index: MarketIndex): MarketInstrument;
}

/** Where the market stands at an instant, for one instrument. */
interface Position {
  /** Exchange-local date of the instant. */
  readonly today: number;
  /** Series index of the latest trading day with a bar started by the instant. */
  readonly index: number;
  /** Set while that day is still trading: its bars and how many have started. */
  readonly partial?: { readonly bars: DayBars; readonly count: number };
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

function calendarDay(date: Date): number {
  const ms = +date;
  if (!Number.isFinite(ms)) throw new RangeError('invalid date');
  return Math.floor(ms / MS_PER_DAY);
}

function exchangeOf(instrument: MarketInstrument): Exchange {
  const exchange = findExchange(instrument.exchangeShortName);
  if (!exchange) {
    throw new RangeError(`${instrument.symbol}: unknown exchange ${instrument.exchangeShortName}`);
  }
  return exchange;
}

// Every field shapes the series, so an instrument re-derived with other parameters is not stale.
const keyOf = (i: MarketInstrument) =>
  `${i.symbol}|${i.exchangeShortName}|${i.ipoDate}|${i.anchorPrice}|${i.annualVolatility}|${i.annualDrift}|${i.averageDailyVolume}`;

export function createSimulatedMarket(options: SimulatedMarketOptions = {}): SimulatedMarket {
  const clock = options.now ?? (() => new Date());
  const seriesCache = new LruCache<string, DailySeries>(options.instrumentCacheSize ?? 128);
  const dayCache = new LruCache<string, DayBars>(options.dayCacheSize ?? 256);

  const seriesOf = (instrument: MarketInstrument): DailySeries =>
    seriesCache.getOrCreate(
      keyOf(instrument),
      () => new DailySeries(instrument, exchangeOf(instrument)),
    );

  const dayBarsAt = (series: DailySeries, index: number): DayBars => {
    const day = series.dayAt(index);
    return dayCache.getOrCreate(`${keyOf(series.instrument)}|${day}`, () =>
      buildDayBars(series.instrument.symbol, series.exchange, day, series.valuesAt(index)),
    );
  };

  const positionAt = (series: DailySeries, nowMs: number): Position | undefined => {
    const today = localTimeOf(series.exchange.timeZone, nowMs).day;
    const index = series.indexAtOrBefore(today);
    if (index < 0 || series.dayAt(index) !== today) {
      return index < 0 ? undefined : { today, index };
    }
    const sessions = sessionsOn(series.exchange, today);
    const firstOpen = sessions[0]?.openMs ?? -Infinity;
    const lastClose = sessions[sessions.length - 1]?.closeMs ?? -Infinity;
    if (nowMs < firstOpen) return index > 0 ? { today, index: index - 1 } : undefined;
    if (nowMs >= lastClose) return { today, index };
    const bars = dayBarsAt(series, index);
    const count = barsStartedBy(bars, nowMs);
    return count < bars.count ? { today, index, partial: { bars, count } } : { today, index };
  };

  const valuesAt = (series: DailySeries, position: Position, index: number): DailyValues =>
    index === position.index && position.partial
      ? aggregate(position.partial.bars, 0, position.partial.count)
      : series.valuesAt(index);

  /** Series indexes from `to` back to `from` (clipped to HISTORY_YEARS), newest first. */
  const range = (series: DailySeries, position: Position, from: Date, to: Date): number[] => {
    const oldest = Math.max(calendarDay(from), yearsBefore(position.today, HISTORY_YEARS));
    const newest = Math.min(calendarDay(to), series.dayAt(position.index));
    const indexes: number[] = [];
    for (let k = series.indexAtOrBefore(newest); k >= 0 && series.dayAt(k) >= oldest; k -= 1) {
      indexes.push(k);
    }
    return indexes;
  };

  return {
    quote(instrument, now = clock()) {
      const series = seriesOf(instrument);
      const nowMs = +now;
      const position = positionAt(series, nowMs);
      if (!position) return undefined;
      const { index } = position;
      const day = valuesAt(series, position, index);
      const previousClose = index > 0 ? series.closeAt(index - 1) : day.open;

      // 52 weeks of daily bars, today's (partial) bar included.
      let yearHigh = day.high;
      let yearLow = day.low;
      const yearStart = series.dayAt(index) - 364;
      for (let k = index - 1; k >= 0 && series.dayAt(k) >= yearStart; k -= 1) {
        yearHigh = Math.max(yearHigh, series.highAt(k));
        yearLow = Math.min(yearLow, series.lowAt(k));
      }
      let volumeSum = 0;
      let days = 0;
      for (let k = index - 1; k >= 0 && days < AVERAGE_VOLUME_DAYS; k -= 1, days += 1) {
        volumeSum += series.volumeAt(k);
      }

      const change = day.close - previousClose;
      return {
        symbol: instrument.symbol,
        price: day.close,
        change: round4(change),
        changesPercentage: round4((change / previousClose) * 100),
        dayLow: day.low,
        dayHigh: day.high,
        yearLow,
        yearHigh,
        open: day.open,
        previousClose,
        volume: day.volume,
        avgVolume: days > 0 ? Math.round(volumeSum / days) : day.volume,
        marketOpen: isOpen(series.exchange, nowMs),
        timestamp: Math.floor(nowMs / 1000),
      };
    },

    intraday(instrument, interval, from, to, now = clock()) {
      const minutes = interval === '1min' ? 1 : interval === '5min' ? 5 : undefined;
      if (minutes === undefined) throw new RangeError(`unsupported interval ${String(interval)}`);
      const series = seriesOf(instrument);
      const position = positionAt(series, +now);
      if (!position) return [];
      const result: PriceBar[] = [];
      for (const k of range(series, position, from, to).slice(0, INTRADAY_MAX_DAYS)) {
        const partial = k === position.index ? position.partial : undefined;
        const bars = partial?.bars ?? dayBarsAt(series, k);
        const dayBars = toPriceBars(bars, partial?.count ?? bars.count, minutes);
        for (let b = dayBars.length - 1; b >= 0; b -= 1) result.push(dayBars[b]!);
      }
      return result;
    },

    daily(instrument, from, to, now = clock()) {
      const series = seriesOf(instrument);
      const position = positionAt(series, +now);
      if (!position) return [];
      return range(series, position, from, to).map((k) =>
        k === position.index && position.partial
          ? { date: dateOfDayNumber(series.dayAt(k)), ...valuesAt(series, position, k) }
          : series.barAt(k),
      );
    },

    instrumentForIndex,
  };
}
