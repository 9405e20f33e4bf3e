import { convertAmount, type Currency, type FxRates } from '../market/fx';
import { cashEffect, ledgerOf } from './holdings';
import { chronological, type Transaction } from './transactions';

/**
 * The portfolio's value day by day, in its own currency, with the money that went in or came out
 * each day: what the time- and money-weighted returns are computed from.
 *
 * Returns measure the holdings, the way an investor who buys with their own money sees them: a buy
 * (with its fees) and a fee are money put in, a sale (less its fees) and a dividend received are
 * money taken out. Deposits and withdrawals only move uninvested cash, which earns nothing here, so
 * they are not part of the value or the flows.
 */

export interface ValuePoint {
  readonly date: string;
  /** Market value of the shares held at the day's close, in the portfolio currency. */
  readonly value: number;
  /** Money put in that day (buys with their fees, fees), in the portfolio currency. */
  readonly inflow: number;
  /** Money taken out that day (sales less their fees, dividends received). */
  readonly outflow: number;
  /** Dividends received that day (cash, after tax), in the portfolio currency. */
  readonly dividends: number;
}

export interface ValueSeriesInput {
  readonly transactions: readonly Transaction[];
  /** The days to value, ascending (the trading days of the chart's range). */
  readonly dates: readonly string[];
  readonly currency: Currency;
  /**
   * A symbol's close on a day as it traded then (not adjusted for later splits), in its listing's
   * currency; undefined when it did not trade (the last known price is kept).
   */
  readonly closeOf: (symbol: string, date: string) => number | undefined;
  /** The FX rates of a day (core/market/fx.ts); a constant function when only today's are known. */
  readonly ratesOn: (date: string) => FxRates;
}

/** Money a transaction puts into the holdings (negative: takes out); deposits and withdrawals none. */
export function investedFlow(t: Transaction): number {
  return t.type === 'deposit' || t.type === 'withdrawal' ? 0 : -cashEffect(t);
}

/**
 * One point per date. A transaction dated between two valuation days (a weekend) counts on the
 * next one; those before the first day count on the first. Throws Invalid for transactions the
 * ledger cannot take (holdings.ts).
 */
export function valueSeries(input: ValueSeriesInput): ValuePoint[] {
  const { dates, currency, closeOf, ratesOn } = input;
  ledgerOf(input.transactions);
  const transactions = chronological(input.transactions);
  const held = new Map<string, { quantity: number; currency: Currency; price: number }>();
  const points: ValuePoint[] = [];
  let next = 0;
  for (const date of dates) {
    let inflow = 0;
    let outflow = 0;
    let dividends = 0;
    for (; next < transactions.length && transactions[next]!.date <= date; next++) {
      const t = transactions[next]!;
      if (t.type === 'split') {
        const h = held.get(t.symbol);
        if (h) {
          h.quantity *= t.ratio;
          // A price seen before the split is a pre-split price.
          h.price /= t.ratio;
        }
        continue;
      }
      const rates = ratesOn(t.date);
      const flow = convertAmount(investedFlow(t), t.currency, currency, rates);
      if (flow > 0) inflow += flow;
      else outflow -= flow;
      if (t.type === 'dividend') dividends += convertAmount(t.amount, t.currency, currency, rates);
      if (t.type === 'buy' || t.type === 'sell') {
        const h = held.get(t.symbol) ?? { quantity: 0, currency: t.currency, price: t.price };
        h.quantity += t.type === 'buy' ? t.quantity : -t.quantity;
        h.price = t.price;
        held.set(t.symbol, h);
      }
    }
    const rates = ratesOn(date);
    let value = 0;
    for (const [symbol, h] of held) {
      const close = closeOf(symbol, date);
      if (close !== undefined && Number.isFinite(close)) h.price = close;
      if (h.quantity > 0) value += convertAmount(h.quantity * h.price, h.currency, currency, rates);
    }
    points.push({ date, value, inflow, outflow, dividends });
  }
  return points;
}
