/**
 * The 1-minute bars of one trading day, built to agree exactly with that day's daily bar. The path
 * is a Brownian bridge in log price from the open to the close; its excursions above and below the
 * open–close line are scaled (each side by its own factor) so that the highest point touches the
 * day's high and the lowest its low. So the first bar opens at the day's open, the last closes at
 * its close, the extremes are touched and never exceeded, the high and low fall where a Brownian
 * path puts them, and the U-shaped volume is apportioned to sum to the day's volume.
 */
import type { Exchange } from '../../../core/market/exchanges';
import type { PriceBar } from '../../../core/market/types';
import { MS_PER_MINUTE, dateOfDayNumber, sessionsOn } from './calendar';
import { INTRADAY_STREAM, roundPrice, type DailyValues } from './daily';
import { Rng, cyrb128, daySeed } from './random';

export interface DayBars {
  readonly day: number;
  readonly date: string; // YYYY-MM-DD
  readonly count: number;
  /** UTC instant (epoch ms) at which each bar starts. */
  readonly startMs: Float64Array;
  /** Local wall-clock minute of each bar's start. */
  readonly minute: Int16Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
}

/** Wick size of a 1-minute bar relative to the path's per-minute move. */
const WICK_NOISE = 0.5;
/** Bridges tried for one whose two sides need similar scaling (no lone spike to the high). */
const BRIDGE_ATTEMPTS = 8;
/** Per-minute log-normal volume noise. */
const MINUTE_VOLUME_NOISE = 0.35;

/**
 * Relative intraday volume at fraction t of the trading day (and ts of its session): heavy at the
 * open, heavy into the close, a shallow midday trough, smaller bumps around a lunch break.
 */
function volumeShape(t: number, ts: number, firstSession: boolean, lastSession: boolean): number {
  let shape =
    1 + 2.5 * Math.exp(-t / 0.04) + 2 * Math.exp(-(1 - t) / 0.03) + 0.6 * (2 * t - 1) ** 2;
  if (!firstSession) shape += 0.8 * Math.exp(-ts / 0.05);
  if (!lastSession) shape += 0.5 * Math.exp(-(1 - ts) / 0.05);
  return shape;
}

interface ScaledBridge {
  /** Bridge values at points 0..n (0 at both ends). */
  readonly values: Float64Array;
  /** Factors for the parts above and below the line, and the points that touch high and low. */
  readonly up: number;
  readonly down: number;
  readonly upAt: number;
  readonly downAt: number;
}

/**
 * A Brownian bridge 0 → 0 over n steps, with the largest factors by which its positive and negative
 * parts can be scaled while line + scaled bridge stays within [logLow, logHigh]. At exactly those
 * factors the path touches both bounds (at upAt and downAt; −1 if the bridge has no such side).
 */
function scaledBridge(
  rng: Rng,
  n: number,
  line: (k: number) => number,
  logLow: number,
  logHigh: number,
): ScaledBridge {
  const values = new Float64Array(n + 1);
  for (let k = 1; k <= n; k += 1) values[k] = values[k - 1]! + rng.normal();
  const end = values[n]!;
  let up = Infinity;
  let down = Infinity;
  let upAt = -1;
  let downAt = -1;
  for (let k = 1; k < n; k += 1) {
    const b = values[k]! - (k / n) * end;
    values[k] = b;
    if (b > 0) {
      const factor = Math.max(0, logHigh - line(k)) / b;
      if (factor < up) [up, upAt] = [factor, k];
    } else if (b < 0) {
      const factor = Math.max(0, line(k) - logLow) / -b;
      if (factor < down) [down, downAt] = [factor, k];
    }
  }
  values[n] = 0;
  return { values, up: upAt < 0 ? 0 : up, down: downAt < 0 ? 0 : down, upAt, downAt };
}

/** How unevenly a bridge's sides are scaled (1 is even); one-sided bridges rank last. */
const imbalance = (b: ScaledBridge) =>
  b.upAt < 0 || b.downAt < 0 ? Infinity : Math.max(b.up, b.down) / Math.min(b.up, b.down);

export function buildDayBars(
  symbol: string,
  exchange: Exchange,
  day: number,
  daily: DailyValues,
): DayBars {
  const date = dateOfDayNumber(day);
  const sessions = sessionsOn(exchange, day);
  const n = sessions.reduce((sum, s) => sum + (s.closeMinute - s.openMinute), 0);
  const bars: DayBars = {
    day,
    date,
    count: n,
    startMs: new Float64Array(n),
    minute: new Int16Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
  if (n === 0) return bars;
  const rng = new Rng(daySeed(cyrb128(symbol), day, INTRADAY_STREAM));
  const { open, high, low, close, volume } = daily;

  // Path points 0..n: bar j runs from point j to point j + 1.
  const logOpen = Math.log(open);
  const logClose = Math.log(close);
  const line = (k: number) => logOpen + ((logClose - logOpen) * k) / n;
  let bridge = scaledBridge(rng, n, line, Math.log(low), Math.log(high));
  for (let attempt = 1; attempt < BRIDGE_ATTEMPTS && imbalance(bridge) > 4; attempt += 1) {
    const next = scaledBridge(rng, n, line, Math.log(low), Math.log(high));
    if (imbalance(next) < imbalance(bridge)) bridge = next;
  }
  const points = new Float64Array(n + 1);
  for (let k = 1; k < n; k += 1) {
    const b = bridge.values[k]!;
    const x = line(k) + b * (b > 0 ? bridge.up : bridge.down);
    points[k] = Math.min(high, Math.max(low, roundPrice(Math.exp(x))));
  }
  // Exact values where the path must be exact (no exp/log round trip).
  points[0] = open;
  points[n] = close;
  if (bridge.upAt > 0) points[bridge.upAt] = high;
  if (bridge.downAt > 0) points[bridge.downAt] = low;
  const minuteMove = (bridge.up + bridge.down) / 2;

  let j = 0;
  let weightSum = 0;
  const weights = new Float64Array(n);
  sessions.forEach((session, s) => {
    const length = session.closeMinute - session.openMinute;
    for (let k = 0; k < length; k += 1, j += 1) {
      bars.startMs[j] = session.openMs + k * MS_PER_MINUTE;
      bars.minute[j] = session.openMinute + k;
      const o = points[j]!;
      const c = points[j + 1]!;
      const top = Math.max(o, c);
      const bottom = Math.min(o, c);
      bars.open[j] = o;
      bars.close[j] = c;
      bars.high[j] = Math.min(
        high,
        Math.max(top, roundPrice(top * Math.exp(WICK_NOISE * minuteMove * Math.abs(rng.normal())))),
      );
      bars.low[j] = Math.max(
        low,
        Math.min(
          bottom,
          roundPrice(bottom * Math.exp(-WICK_NOISE * minuteMove * Math.abs(rng.normal()))),
        ),
      );
      const shape = volumeShape(
        (j + 0.5) / n,
        (k + 0.5) / length,
        s === 0,
        s === sessions.length - 1,
      );
      const weight = shape * Math.exp(MINUTE_VOLUME_NOISE * rng.normal());
      weights[j] = weight;
      weightSum += weight;
    }
  });
  // A bridge without a side above (or below) the line, or a day too short for one, leaves that
  // extreme to the wick of the bar nearest to it.
  if (bridge.upAt <= 0) bars.high[extremeBar(bars, n, 1)] = high;
  if (bridge.downAt <= 0) bars.low[extremeBar(bars, n, -1)] = low;

  // Integer volumes from the rounded running total, so they sum to the day's volume exactly.
  let cumulative = 0;
  let allocated = 0;
  for (let k = 0; k < n; k += 1) {
    cumulative += weights[k]!;
    const target = k === n - 1 ? volume : Math.round((volume * cumulative) / weightSum);
    bars.volume[k] = target - allocated;
    allocated = target;
  }
  return bars;
}

/** The bar whose body reaches highest (sign 1) or lowest (sign −1). */
function extremeBar(bars: DayBars, n: number, sign: 1 | -1): number {
  let best = 0;
  for (let k = 1; k < n; k += 1) {
    const edge = (j: number) =>
      sign *
      (sign > 0
        ? Math.max(bars.open[j]!, bars.close[j]!)
        : Math.min(bars.open[j]!, bars.close[j]!));
    if (edge(k) > edge(best)) best = k;
  }
  return best;
}

const clockLabels = Array.from(
  { length: 24 * 60 },
  (_, m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`,
);

/** Local 'HH:mm:00' of a wall-clock minute. */
export function clockLabel(minute: number): string {
  return clockLabels[minute] ?? '00:00:00';
}

/** The aggregate of bars [from, to) of a day. */
export function aggregate(bars: DayBars, from: number, to: number): DailyValues {
  let high = -Infinity;
  let low = Infinity;
  let volume = 0;
  for (let k = from; k < to; k += 1) {
    if (bars.high[k]! > high) high = bars.high[k]!;
    if (bars.low[k]! < low) low = bars.low[k]!;
    volume += bars.volume[k]!;
  }
  return { open: bars.open[from]!, high, low, close: bars.close[to - 1]!, volume };
}

/** How many bars had started by `nowMs` (bars are included from their start minute). */
export function barsStartedBy(bars: DayBars, nowMs: number): number {
  let lo = 0;
  let hi = bars.count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bars.startMs[mid]! <= nowMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Bars [0, count) of a day as 1-minute or 5-minute price bars, oldest first. */
export function toPriceBars(bars: DayBars, count: number, minutes: 1 | 5): PriceBar[] {
  const result: PriceBar[] = [];
  let k = 0;
  while (k < count) {
    // 5-minute buckets follow the local clock (:00, :05, …) and never span a lunch break.
    const bucket = Math.floor(bars.minute[k]! / minutes);
    let end = k + 1;
    while (
      end < count &&
      Math.floor(bars.minute[end]! / minutes) === bucket &&
      bars.minute[end]! === bars.minute[end - 1]! + 1
    ) {
      end += 1;
    }
    const values = aggregate(bars, k, end);
    result.push({ date: `${bars.date} ${clockLabel(bucket * minutes)}`, ...values });
    k = end;
  }
  return result;
}
