import type { PriceBar, Quote } from './types';

/** A move in price: absolute and in percent. */
export interface PriceChange {
  readonly change: number;
  readonly percent: number;
}

/**
 * THE day's change, one for the whole product: the price against the previous close, i.e. the
 * close of the session before the one being priced. The quote header, the chart's 1D figure, the
 * movers, the screener, the alerts and the adapters' quotes all take it from here. Undefined
 * without a usable previous close: no figure beats a wrong one.
 */
export function dayChange(price: number, previousClose: number): PriceChange | undefined {
  if (!Number.isFinite(price) || !Number.isFinite(previousClose) || previousClose <= 0) {
    return undefined;
  }
  const change = price - previousClose;
  return { change, percent: (change / previousClose) * 100 };
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** The day's change as a quote carries it: 4 decimals, the provider's precision. */
export function quotedDayChange(price: number, previousClose: number): PriceChange | undefined {
  const move = dayChange(price, previousClose);
  return move && { change: round4(move.change), percent: round4(move.percent) };
}

/**
 * A quote's day change: from its price and previous close; the quote's own figures only when it
 * carries no previous close (a provider row with nulls).
 */
export function quoteDayChange(
  quote: Pick<Quote, 'price' | 'previousClose' | 'change' | 'changesPercentage'>,
): PriceChange {
  return (
    dayChange(quote.price, quote.previousClose) ?? {
      change: quote.change,
      percent: quote.changesPercentage,
    }
  );
}

/**
 * The previous close for a chart of one session: the close of the last daily bar dated before
 * `session` ('YYYY-MM-DD', the exchange's day of the session shown). Bars may come in any order;
 * today's partial daily bar (dated `session`) is never taken.
 */
export function previousSessionClose(
  dailyBars: readonly Pick<PriceBar, 'date' | 'close'>[],
  session: string,
): number | undefined {
  let best: Pick<PriceBar, 'date' | 'close'> | undefined;
  for (const bar of dailyBars) {
    const day = bar.date.slice(0, 10);
    if (day < session && (!best || day > best.date.slice(0, 10))) best = bar;
  }
  return best?.close;
}
