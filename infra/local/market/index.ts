/**
 * A deterministic simulated market that stands in for the market-data provider when the product
 * runs locally. Prices are a pure function of (instrument, time): the same request gives the same
 * bars on every machine, and a quote moves minute by minute while a session runs, agreeing with
 * the bars a chart of the same instant shows.
 *
 * Shapes follow FMP: `intraday` is /historical-chart/{1min|5min} and `daily` is
 * /historical-price-full (both newest first), `quote` is /quote.
 */
import { quotedDayChange } from '../../../core/market/day-change';
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
/**
 * Instruments whose daily series stay memoised: more than the demo universe (2,000–2,400
 * companies) plus the indexes, so a screener quoting every company finds every series warm.
 */
export const INSTRUMENT_CACHE_SIZE = 4_096;
/**
 * What those series may hold together. Series are lazy (daily.ts): one only quoted holds the days
 * from the anchor day to a month past now, 44 bytes each — about 24 KB in late 2026, 11 KB more
 * each year — so 2,400 quoted companies take about 56 MB, 4,096 about 96 MB. One charted back to
 * an IPO 45 years ago holds about 0.55 MB. Past the budget the least recently used series go,
 * so memory stays under it plus the one series in use, whatever mix is asked for; a quoted-only
 * universe fits it until about 2033.
 */
export const INSTRUMENT_CACHE_BYTES = 256 * 1024 * 1024;
/**
 * Trading days whose 1-minute bars stay memoised. A quote during a session reads its running
 * day's bars, so these too cover the universe: 50 bytes a bar, 12–26 KB a day (4–8.5 hours), so
 * a running day of every company is about 50 MB; the budget bounds all days held together.
 */
export const DAY_CACHE_SIZE = 4_096;
export const DAY_CACHE_BYTES = 64 * 1024 * 1024;

export interface SimulatedMarketOptions {
  /** Clock for calls not given `now`; defaults to the system clock. */
  readonly now?: () => Date;
  /** Instruments whose daily series stay memoised (INSTRUMENT_CACHE_SIZE by default). */
  readonly instrumentCacheSize?: number;
  /** Bytes those series may hold together (INSTRUMENT_CACHE_BYTES by default). */
  readonly instrumentCacheBytes?: number;
  /** Trading days whose 1-minute bars stay memoised (DAY_CACHE_SIZE by default). */
  readonly dayCacheSize?: number;
  /** Bytes those bars may hold together (DAY_CACHE_BYTES by default). */
  readonly dayCacheBytes?: number;
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

const bytesOfDayBars = (bars: DayBars): number =>
  bars.startMs.byteLength +
  bars.minute.byteLength +
  bars.open.byteLength +
  bars.high.byteLength +
  bars.low.byteLength +
  bars.close.byteLength +
  bars.volume.byteLength;

export function createSimulatedMarket(options: SimulatedMarketOptions = {}): SimulatedMarket {
  const clock = options.now ?? (() => new Date());
  const seriesCache = new LruCache<string, DailySeries>(
    options.instrumentCacheSize ?? INSTRUMENT_CACHE_SIZE,
    {
      max: options.instrumentCacheBytes ?? INSTRUMENT_CACHE_BYTES,
      weigh: (series) => series.bytes,
    },
  );
  const dayCache = new LruCache<string, DayBars>(options.dayCacheSize ?? DAY_CACHE_SIZE, {
    max: options.dayCacheBytes ?? DAY_CACHE_BYTES,
    weigh: bytesOfDayBars,
  });

  /** Runs `use` on the instrument's memoised series, then weighs it again: reads extend it. */
  const withSeries = <T>(instrument: MarketInstrument, use: (series: DailySeries) => T): T => {
    const key = keyOf(instrument);
    const series = seriesCache.getOrCreate(
      key,
      () => new DailySeries(instrument, exchangeOf(instrument)),
    );
    try {
      return use(series);
    } finally {
      seriesCache.reweigh(key);
    }
  };

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

  /** FMP /quote of the series' instrument at `nowMs`. */
  const quoteOf = (series: DailySeries, nowMs: number): Quote | undefined => {
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

    // The one definition of the day's change (core), as every other reader computes it.
    const move = quotedDayChange(day.close, previousClose) ?? { change: 0, percent: 0 };
    return {
      symbol: series.instrument.symbol,
      price: day.close,
      change: move.change,
      changesPercentage: move.percent,
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
  };

  return {
    quote: (instrument, now = clock()) => withSeries(instrument, (series) => quoteOf(series, +now)),

    intraday(instrument, interval, from, to, now = clock()) {
      const minutes = interval === '1min' ? 1 : interval === '5min' ? 5 : undefined;
      if (minutes === undefined) throw new RangeError(`unsupported interval ${String(interval)}`);
      return withSeries(instrument, (series) => {
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
      });
    },

    daily: (instrument, from, to, now = clock()) =>
      withSeries(instrument, (series) => {
        const position = positionAt(series, +now);
        if (!position) return [];
        return range(series, position, from, to).map((k) =>
          k === position.index && position.partial
            ? { date: dateOfDayNumber(series.dayAt(k)), ...valuesAt(series, position, k) }
            : series.barAt(k),
        );
      }),

    instrumentForIndex,
  };
}
