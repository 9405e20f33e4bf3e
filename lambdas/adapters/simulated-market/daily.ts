/**
 * Daily bars of one instrument: a geometric random walk with occasional fat-tailed days, pinned
 * at the anchor day and computed outward from it. Each day's draws come from its own seed
 * (symbol and day), and the walk runs from the anchor outward, so a close never depends on
 * how far the precomputed range happens to reach — only on (instrument, day).
 */
import type { Exchange } from '../../../core/market/exchanges';
import { ANCHOR_DATE } from '../../../core/market/simulation-anchor';
import type { MarketInstrument, PriceBar } from '../../../core/market/types';
import { dateOfDayNumber, dayNumberOf, firstTradingDayOnOrAfter, isTradingDay } from './calendar';
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
/** Forward extension step, so a clock that advances does not rebuild every day. */
const EXTEND_DAYS = 400;

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

export class DailySeries {
  /** Trading days (day numbers), ascending; only the first `length` entries are used. */
  private days: Int32Array;
  private opens: Float64Array;
  private highs: Float64Array;
  private lows: Float64Array;
  private closes: Float64Array;
  private volumes: Float64Array;
  private count = 0;
  /** Unrounded log close of the last day, where forward extension continues. */
  private lastLogClose: number;
  private readonly sigma: number;
  private readonly mu: number;
  private readonly logFloor: number;
  private readonly logCeiling: number;
  private readonly seed: Seed;
  readonly firstDay: number;
  readonly anchorDay: number;

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

    // Backward from the anchor: day d's return leads from the previous close to d's close.
    const descending: number[] = [];
    for (let d = this.anchorDay; d >= this.firstDay; d -= 1) {
      if (isTradingDay(exchange, d)) descending.push(d);
    }
    const n = descending.length;
    const capacity = n + EXTEND_DAYS;
    this.days = new Int32Array(capacity);
    this.opens = new Float64Array(capacity);
    this.highs = new Float64Array(capacity);
    this.lows = new Float64Array(capacity);
    this.closes = new Float64Array(capacity);
    this.volumes = new Float64Array(capacity);

    const draws: DayDraws[] = new Array<DayDraws>(n);
    let logClose = Math.log(anchorPrice);
    for (let k = 0; k < n; k += 1) {
      const i = n - 1 - k; // ascending index
      const day = descending[k]!;
      const draw = this.draw(day);
      draws[i] = draw;
      this.days[i] = day;
      this.closes[i] = k === 0 ? anchorPrice : this.priceOf(logClose);
      logClose = this.reflect(logClose - draw.ret);
    }
    this.lastLogClose = Math.log(anchorPrice);
    // `logClose` is now a virtual close before the first day, from which its open gaps.
    let previousClose = this.priceOf(logClose);
    for (let i = 0; i < n; i += 1) {
      this.fill(i, previousClose, draws[i]!);
      previousClose = this.closes[i]!;
    }
    this.count = n;
  }

  get length(): number {
    return this.count;
  }

  get lastDay(): number {
    return this.days[this.count - 1]!;
  }

  dayAt(index: number): number {
    return this.days[index]!;
  }

  valuesAt(index: number): DailyValues {
    return {
      open: this.opens[index]!,
      high: this.highs[index]!,
      low: this.lows[index]!,
      close: this.closes[index]!,
      volume: this.volumes[index]!,
    };
  }

  /** The daily bar of day `index` (FMP /historical-price-full shape). */
  barAt(index: number): PriceBar {
    return {
      date: dateOfDayNumber(this.days[index]!),
      open: this.opens[index]!,
      high: this.highs[index]!,
      low: this.lows[index]!,
      close: this.closes[index]!,
      volume: this.volumes[index]!,
    };
  }

  closeAt(index: number): number {
    return this.closes[index]!;
  }

  highAt(index: number): number {
    return this.highs[index]!;
  }

  lowAt(index: number): number {
    return this.lows[index]!;
  }

  volumeAt(index: number): number {
    return this.volumes[index]!;
  }

  /** Index of the last trading day ≤ `day` (−1 before the first day); extends forward as needed. */
  indexAtOrBefore(day: number): number {
    this.ensureThrough(day);
    let lo = 0;
    let hi = this.count - 1;
    if (hi < 0 || this.days[0]! > day) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.days[mid]! <= day) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Index of `day` if it is one of the series' trading days, else −1. */
  indexOf(day: number): number {
    const index = this.indexAtOrBefore(day);
    return index >= 0 && this.days[index] === day ? index : -1;
  }

  private ensureThrough(day: number): void {
    if (day <= this.lastDay) return;
    const target = day + EXTEND_DAYS;
    if (this.count + (target - this.lastDay) > this.days.length) this.grow(target - this.lastDay);
    for (let d = this.lastDay + 1; d <= target; d += 1) {
      if (!isTradingDay(this.exchange, d)) continue;
      const draw = this.draw(d);
      const previousClose = this.closes[this.count - 1]!;
      this.lastLogClose = this.reflect(this.lastLogClose + draw.ret);
      this.days[this.count] = d;
      this.closes[this.count] = this.priceOf(this.lastLogClose);
      this.fill(this.count, previousClose, draw);
      this.count += 1;
    }
  }

  private grow(extra: number): void {
    const capacity = Math.max(this.days.length * 2, this.count + extra);
    const copy = <T extends Int32Array | Float64Array>(from: T, to: T): T => {
      to.set(from.subarray(0, this.count));
      return to;
    };
    this.days = copy(this.days, new Int32Array(capacity));
    this.opens = copy(this.opens, new Float64Array(capacity));
    this.highs = copy(this.highs, new Float64Array(capacity));
    this.lows = copy(this.lows, new Float64Array(capacity));
    this.closes = copy(this.closes, new Float64Array(capacity));
    this.volumes = copy(this.volumes, new Float64Array(capacity));
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
