import type { Exchange } from '../../../core/market/exchanges';
import { dateOfDayNumber, dayNumberOf } from '../../../core/day-numbers';
import type { MarketInstrument } from '../../../core/market/types';
import { DailySeries } from '../market/daily';

/** A close and the trading day it belongs to. */
export interface DayClose {
  readonly date: string;
  readonly close: number;
}

/**
 * The simulated market's close of an instrument on the last trading day on or before a date, and
 * that day. The daily walk depends only on (instrument, day), so this is the close the served
 * market shows for that day: data generated against it (analyst targets) agrees with the chart.
 * The returned reader keeps one series for many dates (a grade history).
 */
export function closesOf(
  instrument: MarketInstrument,
  exchange: Exchange,
): (date: string) => DayClose {
  const series = new DailySeries(instrument, exchange);
  return (date) => {
    const index = series.indexAtOrBefore(dayNumberOf(date));
    if (index < 0) return { date: instrument.ipoDate, close: instrument.anchorPrice };
    return { date: dateOfDayNumber(series.dayAt(index)), close: series.closeAt(index) };
  };
}

/** The close on the last trading day on or before `date` (see closesOf). */
export function closeOnOrBefore(
  instrument: MarketInstrument,
  exchange: Exchange,
  date: string,
): DayClose {
  return closesOf(instrument, exchange)(date);
}
