import * as z from 'zod';

/**
 * Currencies and exchange rates. A rate is the number of units of a currency one US dollar buys
 * (USD 1 = JPY 150 → JPY: 150), the way FX desks quote USDxxx, so converting is a division by the
 * source's rate and a multiplication by the target's. Every listing the product covers trades in
 * one of these currencies (core/market/exchanges.ts).
 */

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'INR', 'CNY', 'HKD', 'SAR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_NAMES: Readonly<Record<Currency, string>> = {
  USD: 'US dollar',
  EUR: 'Euro',
  GBP: 'British pound',
  JPY: 'Japanese yen',
  INR: 'Indian rupee',
  CNY: 'Chinese yuan',
  HKD: 'Hong Kong dollar',
  SAR: 'Saudi riyal',
};

export const currencySchema = z.enum(
  CURRENCIES,
  `currency must be one of ${CURRENCIES.join(', ')}`,
);

export const isCurrency = (value: string): value is Currency =>
  (CURRENCIES as readonly string[]).includes(value);

/** Units of each currency per US dollar (USD is 1). */
export type FxRates = Readonly<Record<Currency, number>>;

/**
 * The demo universe's rates: the simulated market quotes them, and the demo generator scales each
 * country's figures with them, so a company's market cap converts to the size it was generated at.
 */
export const DEMO_PER_USD: FxRates = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  JPY: 150,
  INR: 83,
  CNY: 7.2,
  HKD: 7.8,
  SAR: 3.75,
};

/** `amount` of `from` expressed in `to`, at the rates' cross rate. */
export function convertAmount(
  amount: number,
  from: Currency,
  to: Currency,
  rates: FxRates,
): number {
  if (from === to) return amount;
  return (amount / rates[from]) * rates[to];
}

/**
 * Units of `to` one unit of `from` buys: 1 for one currency, the rates' cross rate between two
 * the product covers, undefined otherwise (no rate, or a currency outside CURRENCIES). A missing
 * rate is never taken as 1: a figure in the wrong currency is worse than no figure.
 */
export function conversionFactor(
  from: string,
  to: string,
  rates: FxRates | undefined,
): number | undefined {
  if (from === to) return 1;
  if (rates === undefined || !isCurrency(from) || !isCurrency(to)) return undefined;
  const factor = rates[to] / rates[from];
  return Number.isFinite(factor) && factor > 0 ? factor : undefined;
}
