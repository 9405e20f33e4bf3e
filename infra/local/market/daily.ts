/**
 * Daily bars of one instrument: a geometric random walk with occasional fat-tailed days, pinned
 * at the anchor day and computed outward from it. Each day's draws come from its own seed
 * (symbol and day), and the walk runs from the anchor outward, so a close never depends on
 * how far the precomputed range happens to reach — only on (instrument, day).
 *
 * That is what lets the series be lazy both ways: it starts as the anchor day alone, runs forward
 * when a later day is asked for and backward when an older day's values are read. A quote near
 * now then costs the days from the anchor to now (tens of KB), not decades back to the IPO.
 */
import type { Exchange } from '../../../core/market/exchanges';
import { ANCHOR_DATE } from '../../../core/market/simulation-anchor';
import type { MarketInstrument, PriceBar } from '../../../core/market/types';
import {
  countTradingDays,
  dateOfDayNumber,
  dayNumberOf,
  firstTradingDayOnOrAfter,
  isTradingDay,
} from './calendar';
import { Rng, cyrb128, daySeed, type Seed } from './random';

export const TRADING_DAYS_PER_YEAR = 252;
/** No simulated price goes below this. */
export const MIN_PRICE = 0.01;

/** A day is a jump day with this probability; its shock is scaled by 2–4×. */
const JUMP_PROBABILITY = 0.03;
/** E[z²] of that mixture (E[(2 + 2u)²] = 28/3), so the realised volatility stays annualVolatility. */
const SHOCK_SD = Math.sqrt(1 - JUMP_PROBABILITY + JUMP_PROBABILITY * (28 / 3));
/** Overnight gap (open vs previous close), as a fraction of the daily sigma. */
const GAP_SCALE = 0.2;
/** Log-normal noise of daily volume around averageDailyVolume. */
const VOLUME_NOISE = 0.3;
export const DAILY_STREAM = 0;
export const INTRADAY_STREAM = 1;
/** Forward extension step (calendar days), so a clock that advances does not extend every day. */
const EXTEND_DAYS = 30;
/**
 * Smallest backward extension (trading days). Each one at least doubles the days computed before
 * the anchor, so reading back one day at a time (a chart's range, a 52-week window) costs
 * amortised O(1) per day in both computing and copying.
 */
const BACK_CHUNK = 64;
/** Buffer bytes per day: the day number (Int32) and open, high, low, close, volume (Float64). */
export const BYTES_PER_DAY = 4 + 5 * 8;
/** Rough fixed cost of a series besides its buffers (the object, six typed arrays). */
const SERIES_OVERHEAD_BYTES = 1_024;

/** Two decimals like a quoted price, four below 1 so penny prices keep some resolution. */
export function roundPrice(price: number): number {
  return price >= 1 ? Math.round(price * 100) / 100 : Math.round(price * 10_000) / 10_000;
}

export interface DailyValues {
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}

interface DayDraws {
  /** Close-to-close log return. */
  readonly ret: number;
  readonly gap: number;
  readonly upExcursion: number;
  readonly downExcursion: number;
  readonly volumeNoise: number;
}

/**
 * Index k is always the k-th trading day from the first day (the IPO, or the series' first
 * listed day), however much has been computed: extending the series never moves an index, so
 * callers may hold indexes across reads that extend it. Reading a day's values computes back to it
 * if needed; indexAtOrBefore and indexOf never compute backward (they count trading days).
 */
export class DailySeries {
  // The computed days, ascending, sit at [start, start + count) of the buffers, with spare room on
  // either side so that growing either way seldom copies.
  private days = new Int32Array(1);
  private opens = new Float64Array(1);
  private highs = new Float64Array(1);
  private lows = new Float64Array(1);
  private closes = new Float64Array(1);
  private volumes = new Float64Array(1);
  private start = 0;
  private count = 1;
  /** Index of the first computed day. */
  private origin: number;
  /**
   * Unrounded log close of the day before the first computed one (before the first day: a virtual
   * close its open gaps from), where backward extension continues.
   */
  private backLogClose: number;
  /** Unrounded log close of the last day, where forward extension continues. */
  private lastLogClose: number;
  private readonly sigma: number;
  private readonly mu: number;
  private readonly logFloor: number;
  private readonly logCeiling: number;
  private readonly seed: Seed;
  readonly firstDay: number;
  readonly anchorDay: number;
  /** Index of the anchor day. */
  readonly anchorIndex: number;

  constructor(
    readonly instrument: MarketInstrument,
    readonly exchange: Exchange,
  ) {
    const { anchorPrice, annualVolatility, annualDrift } = instrument;
    if (!(anchorPrice > 0) || !Number.isFinite(anchorPrice)) {
      throw new RangeError(`${instrument.symbol}: anchorPrice must be a positive number`);
    }
    if (!(annualVolatility >= 0) || !Number.isFinite(annualDrift)) {
      throw new RangeError(`${instrument.symbol}: invalid volatility or drift`);
    }
    this.seed = cyrb128(instrument.symbol);
    this.sigma = annualVolatility / Math.sqrt(TRADING_DAYS_PER_YEAR);
    this.mu = annualDrift / TRADING_DAYS_PER_YEAR;
    // Reflecting bounds on the log close keep decades of walk positive and plausible.
    this.logFloor = Math.log(Math.max(anchorPrice * 1e-3, Math.min(0.05, anchorPrice / 2)));
    this.logCeiling = Math.log(anchorPrice * 100);

    this.firstDay = firstTradingDayOnOrAfter(exchange, dayNumberOf(instrument.ipoDate));
    this.anchorDay = firstTradingDayOnOrAfter(
      exchange,
      Math.max(dayNumberOf(ANCHOR_DATE), this.firstDay),
    );
    this.anchorIndex = countTradingDays(exchange, this.firstDay, this.anchorDay) - 1;

    // The anchor day alone; its open gaps from the close the backward walk gives the day before.
    const draw = this.draw(this.anchorDay);
    this.lastLogClose = Math.log(anchorPrice);
    this.backLogClose = this.reflect(this.lastLogClose - draw.ret);
    this.origin = this.anchorIndex;
    this.days[0] = this.anchorDay;
    this.closes[0] = anchorPrice;
    this.fill(0, this.priceOf(this.backLogClose), draw);
  }

  /** Days from the first day through the last computed one (indexes 0 … length − 1). */
  get length(): number {
    return this.origin + this.count;
  }

  get lastDay(): number {
    return this.days[this.start + this.count - 1]!;
  }

  /** Memory held by the series (buffers as allocated, spare room included), for cache budgets. */
  get bytes(): number {
    return this.days.length * BYTES_PER_DAY + SERIES_OVERHEAD_BYTES;
  }

  dayAt(index: number): number {
    const i = this.slot(index);
    return this.days[i]!;
  }

  valuesAt(index: number): DailyValues {
    const i = this.slot(index);
    return {
      open: this.opens[i]!,
      high: this.highs[i]!,
      low: this.lows[i]!,
      close: this.closes[i]!,
      volume: this.volumes[i]!,
    };
  }

  /** The daily bar of day `index` (FMP /historical-price-full shape). */
  barAt(index: number): PriceBar {
    const i = this.slot(index);
    return {
      date: dateOfDayNumber(this.days[i]!),
      open: this.opens[i]!,
      high: this.highs[i]!,
      low: this.lows[i]!,
      close: this.closes[i]!,
      volume: this.volumes[i]!,
    };
  }

  closeAt(index: number): number {
    const i = this.slot(index);
    return this.closes[i]!;
  }

  highAt(index: number): number {
    const i = this.slot(index);
    return this.highs[i]!;
  }

  lowAt(index: number): number {
    const i = this.slot(index);
    return this.lows[i]!;
  }

  volumeAt(index: number): number {
    const i = this.slot(index);
    return this.volumes[i]!;
  }

  /** Index of the last trading day ≤ `day` (−1 before the first day); extends forward as needed. */
  indexAtOrBefore(day: number): number {
    this.ensureThrough(day);
    if (day < this.firstDay) return -1;
    // Before the computed days, counting trading days gives the index without computing them.
    if (day < this.days[this.start]!) {
      return countTradingDays(this.exchange, this.firstDay, day) - 1;
    }
    let lo = this.start;
    let hi = this.start + this.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.days[mid]! <= day) lo = mid;
      else hi = mid - 1;
    }
    return this.origin + lo - this.start;
  }

  /** Index of `day` if it is one of the series' trading days, else −1. */
  indexOf(day: number): number {
    const index = this.indexAtOrBefore(day);
    return index >= 0 && isTradingDay(this.exchange, day) ? index : -1;
  }

  /**
   * Buffer position of day `index` (0 ≤ index < length), computing back to it if needed. That may
   * replace the buffers, so callers take the position before reading one (`this.days[this.slot(k)]`
   * would read the old buffer).
   */
  private slot(index: number): number {
    if (index < this.origin && index >= 0) this.extendBack(index);
    return this.start + index - this.origin;
  }

  private ensureThrough(day: number): void {
    const lastDay = this.lastDay;
    if (day <= lastDay) return;
    const target = day + EXTEND_DAYS;
    this.reserve(0, countTradingDays(this.exchange, lastDay + 1, target));
    let i = this.start + this.count;
    for (let d = lastDay + 1; d <= target; d += 1) {
      if (!isTradingDay(this.exchange, d)) continue;
      const draw = this.draw(d);
      const previousClose = this.closes[i - 1]!;
      this.lastLogClose = this.reflect(this.lastLogClose + draw.ret);
      this.days[i] = d;
      this.closes[i] = this.priceOf(this.lastLogClose);
      this.fill(i, previousClose, draw);
      i += 1;
    }
    this.count = i - this.start;
  }

  /** Computes back to day `index` at least, in a chunk that doubles the days before the anchor. */
  private extendBack(index: number): void {
    const chunk = Math.max(BACK_CHUNK, this.anchorIndex - this.origin);
    const origin = Math.max(0, Math.min(index, this.origin - chunk));
    const n = this.origin - origin;
    if (n <= 0) return;
    this.reserve(n, 0);
    const from = this.start - n;
    // Backward from the first computed day: day d's return leads from the previous close to d's
    // close, exactly as a walk that had started at the anchor and never stopped.
    const draws = new Array<DayDraws>(n);
    let logClose = this.backLogClose;
    let day = this.days[this.start]!;
    for (let i = this.start - 1; i >= from; i -= 1) {
      day -= 1;
      while (!isTradingDay(this.exchange, day)) day -= 1;
      const draw = this.draw(day);
      draws[i - from] = draw;
      this.days[i] = day;
      this.closes[i] = this.priceOf(logClose);
      logClose = this.reflect(logClose - draw.ret);
    }
    this.backLogClose = logClose;
    // The first new day's open gaps from the close before it (virtual before the first day); the
    // old first day's open already gapped from priceOf(the same log close), now its predecessor.
    let previousClose = this.priceOf(logClose);
    for (let i = from; i < this.start; i += 1) {
      this.fill(i, previousClose, draws[i - from]!);
      previousClose = this.closes[i]!;
    }
    this.start = from;
    this.origin = origin;
    this.count += n;
  }

  /**
   * Room for `head` more days before the computed ones and `tail` after them. Backward chunks
   * already double, so head room is made exact (nothing is spare once the first day is reached);
   * tail room gets a quarter of the series extra, so a clock stepping forward copies amortised
   * O(1) per day.
   */
  private reserve(head: number, tail: number): void {
    const headRoom = this.start;
    const tailRoom = this.days.length - this.start - this.count;
    if (headRoom >= head && tailRoom >= tail) return;
    const newHead = Math.max(head, headRoom);
    const newTail = tailRoom >= tail ? tailRoom : tail + (this.count >> 2);
    const capacity = newHead + this.count + newTail;
    // One allocation for the six arrays (the Float64 ones first, for their alignment).
    const buffer = new ArrayBuffer(capacity * BYTES_PER_DAY);
    const from = this.start;
    const to = from + this.count;
    let offset = 0;
    const move = <T extends Int32Array | Float64Array>(old: T, view: T): T => {
      view.set(old.subarray(from, to), newHead);
      offset += view.byteLength;
      return view;
    };
    this.opens = move(this.opens, new Float64Array(buffer, offset, capacity));
    this.highs = move(this.highs, new Float64Array(buffer, offset, capacity));
    this.lows = move(this.lows, new Float64Array(buffer, offset, capacity));
    this.closes = move(this.closes, new Float64Array(buffer, offset, capacity));
    this.volumes = move(this.volumes, new Float64Array(buffer, offset, capacity));
    this.days = move(this.days, new Int32Array(buffer, offset, capacity));
    this.start = newHead;
  }

  private draw(day: number): DayDraws {
    const rng = new Rng(daySeed(this.seed, day, DAILY_STREAM));
    let shock = rng.normal();
    if (rng.next() < JUMP_PROBABILITY) shock *= 2 + 2 * rng.next();
    return {
      ret: this.mu + (this.sigma * shock) / SHOCK_SD,
      gap: GAP_SCALE * this.sigma * rng.normal(),
      upExcursion: this.sigma * (0.1 + 0.45 * Math.abs(rng.normal())),
      downExcursion: this.sigma * (0.1 + 0.45 * Math.abs(rng.normal())),
      volumeNoise: rng.normal(),
    };
  }

  /** Open, high, low and volume of day `i`, whose close is already set. */
  private fill(i: number, previousClose: number, draw: DayDraws): void {
    const close = this.closes[i]!;
    const open = Math.max(MIN_PRICE, roundPrice(previousClose * Math.exp(draw.gap)));
    const top = Math.max(open, close);
    const bottom = Math.min(open, close);
    this.opens[i] = open;
    this.highs[i] = Math.max(top, roundPrice(top * Math.exp(draw.upExcursion)));
    this.lows[i] = Math.max(
      MIN_PRICE,
      Math.min(bottom, roundPrice(bottom * Math.exp(-draw.downExcursion))),
    );
    // Big moves trade more: volume rises with the size of the day's return.
    const move = this.sigma > 0 ? Math.abs(Math.log(close / previousClose)) / this.sigma : 0;
    const noise = Math.exp(VOLUME_NOISE * draw.volumeNoise - (VOLUME_NOISE * VOLUME_NOISE) / 2);
    this.volumes[i] = Math.round(
      this.instrument.averageDailyVolume * noise * (0.7 + 0.3 * Math.min(move, 6)),
    );
  }

  private priceOf(logClose: number): number {
    return Math.max(MIN_PRICE, roundPrice(Math.exp(logClose)));
  }

  private reflect(logClose: number): number {
    let x = logClose;
    if (x < this.logFloor) x = 2 * this.logFloor - x;
    if (x > this.logCeiling) x = 2 * this.logCeiling - x;
    return Math.min(this.logCeiling, Math.max(this.logFloor, x));
  }
}
