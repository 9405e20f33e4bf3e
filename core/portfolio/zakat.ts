import * as z from 'zod';
import { conversionFactor, type Currency, type FxRates } from '../market/fx';
import type { BalanceSheet } from '../market/types';
import { isoDateSchema } from '../validation';

/**
 * Zakat on shares, an estimate for a day the user picks, per holding by the method the user
 * chooses for it:
 * - 'investment' (shares held for their income, AAOIFI Shariah Standard No. 35): zakat falls on
 *   the company's zakatable assets attributable to the shares — cash and equivalents, receivables,
 *   inventory and short-term investments from its latest balance sheet, divided by its shares
 *   outstanding, times the shares held.
 * - 'trading' (shares held to sell): zakat falls on their market value.
 * Either base is taxed at 2.5 % for a lunar (hijri) year, or 2.577 % for a solar year (2.5 % scaled
 * by 365.25 / 354.37 days, as AAOIFI allows, so a solar year owes what its longer length accrues).
 * Zakat is due only when the zakatable wealth reaches the nisab: 85 g of gold or 595 g of silver at
 * the price per gram the user enters.
 */

export const ZAKAT_YEARS = ['lunar', 'solar'] as const;
export type ZakatYear = (typeof ZAKAT_YEARS)[number];
export const ZAKAT_RATES: Readonly<Record<ZakatYear, number>> = { lunar: 0.025, solar: 0.02577 };

export const ZAKAT_METHODS = ['investment', 'trading'] as const;
export type ZakatMethod = (typeof ZAKAT_METHODS)[number];

export const NISAB_METALS = ['gold', 'silver'] as const;
export type NisabMetal = (typeof NISAB_METALS)[number];
export const NISAB_GRAMS: Readonly<Record<NisabMetal, number>> = { gold: 85, silver: 595 };

/** What the user enters for an estimate (the price per gram is in the portfolio's currency). */
export const zakatSettingsSchema = z.strictObject({
  date: isoDateSchema,
  year: z.enum(ZAKAT_YEARS, 'year must be lunar or solar'),
  nisabMetal: z.enum(NISAB_METALS, 'nisabMetal must be gold or silver'),
  pricePerGram: z
    .number('pricePerGram must be a number')
    .finite('pricePerGram must be finite')
    .positive('pricePerGram must be greater than 0'),
  /** Other zakatable wealth (cash, gold) counted toward the nisab, in the portfolio's currency. */
  otherWealth: z.number().finite().nonnegative('otherWealth must not be negative').default(0),
});
export type ZakatSettings = z.output<typeof zakatSettingsSchema>;

/** The balance sheet figures the investment method reads (in the sheet's reportedCurrency). */
export type ZakatableBalance = Pick<
  BalanceSheet,
  | 'date'
  | 'reportedCurrency'
  | 'cashAndCashEquivalents'
  | 'netReceivables'
  | 'inventory'
  | 'shortTermInvestments'
>;

export interface ZakatHolding {
  readonly symbol: string;
  readonly shares: number;
  readonly method: ZakatMethod;
  /** The listing's currency (the price's). */
  readonly currency: Currency;
  /** Market price per share on the day; needed by 'trading'. */
  readonly price?: number;
  /** The company's latest balance sheet on the day and its shares outstanding; needed by 'investment'. */
  readonly balance?: ZakatableBalance;
  readonly sharesOutstanding?: number;
}

export type HoldingZakat = {
  readonly symbol: string;
  readonly method: ZakatMethod;
  readonly shares: number;
} & (
  | {
      /** What the zakat falls on, in the portfolio currency. */
      readonly base: number;
      readonly rate: number;
      readonly zakat: number;
      /** investment: zakatable assets per share in the sheet's currency; trading: the price. */
      readonly perShare: number;
      readonly inputs: ZakatableBalance | { readonly price: number };
      readonly sharesOutstanding?: number;
    }
  | { readonly missing: string }
);

export interface ZakatEstimate {
  readonly date: string;
  readonly currency: Currency;
  readonly year: ZakatYear;
  readonly rate: number;
  readonly holdings: readonly HoldingZakat[];
  /** Sum of the holdings' bases and zakat (those with every input). */
  readonly base: number;
  readonly zakat: number;
  readonly nisab: {
    readonly metal: NisabMetal;
    readonly grams: number;
    readonly pricePerGram: number;
    readonly threshold: number;
  };
  readonly otherWealth: number;
  /** base + otherWealth ≥ threshold. */
  readonly meetsNisab: boolean;
  /** The zakat owed on the holdings: their zakat when the nisab is met, else 0. */
  readonly due: number;
  /** Holdings left out because an input is missing. */
  readonly missingInputs: number;
}

/** Zakatable assets per share in the sheet's currency: (cash + receivables + inventory + STI) / shares. */
export const zakatableAssetsPerShare = (balance: ZakatableBalance, sharesOutstanding: number) =>
  (balance.cashAndCashEquivalents +
    balance.netReceivables +
    balance.inventory +
    balance.shortTermInvestments) /
  sharesOutstanding;

function holdingZakat(
  holding: ZakatHolding,
  settings: ZakatSettings,
  currency: Currency,
  rates: FxRates | undefined,
): HoldingZakat {
  const { symbol, method, shares } = holding;
  const rate = ZAKAT_RATES[settings.year];
  const missing = (what: string): HoldingZakat => ({ symbol, method, shares, missing: what });
  const priced = (perShare: number, from: string, inputs: ZakatableBalance | { price: number }) => {
    const factor = conversionFactor(from, currency, rates);
    if (factor === undefined) return missing(`an exchange rate from ${from} to ${currency}`);
    const base = perShare * shares * factor;
    return { symbol, method, shares, base, rate, zakat: base * rate, perShare, inputs };
  };
  if (method === 'trading') {
    const { price } = holding;
    if (price === undefined || !Number.isFinite(price) || price < 0) {
      return missing(`the market price of ${symbol} on ${settings.date}`);
    }
    return priced(price, holding.currency, { price });
  }
  const { balance, sharesOutstanding } = holding;
  if (!balance) return missing(`the latest balance sheet of ${symbol} on ${settings.date}`);
  if (!sharesOutstanding || !(sharesOutstanding > 0)) {
    return missing(`the shares outstanding of ${symbol}`);
  }
  const result = priced(
    zakatableAssetsPerShare(balance, sharesOutstanding),
    balance.reportedCurrency,
    balance,
  );
  return 'missing' in result ? result : { ...result, sharesOutstanding };
}

/**
 * The estimate for the holdings as of `settings.date`, in the portfolio currency. Without rates
 * (they could not be read) a holding in another currency names the rate it lacks.
 */
export function estimateZakat(
  holdings: readonly ZakatHolding[],
  settings: ZakatSettings,
  currency: Currency,
  rates: FxRates | undefined,
): ZakatEstimate {
  const results = holdings.map((h) => holdingZakat(h, settings, currency, rates));
  let base = 0;
  let zakat = 0;
  let missingInputs = 0;
  for (const r of results) {
    if ('missing' in r) missingInputs += 1;
    else {
      base += r.base;
      zakat += r.zakat;
    }
  }
  const grams = NISAB_GRAMS[settings.nisabMetal];
  const threshold = grams * settings.pricePerGram;
  const meetsNisab = base + settings.otherWealth >= threshold;
  return {
    date: settings.date,
    currency,
    year: settings.year,
    rate: ZAKAT_RATES[settings.year],
    holdings: results,
    base,
    zakat,
    nisab: { metal: settings.nisabMetal, grams, pricePerGram: settings.pricePerGram, threshold },
    otherWealth: settings.otherWealth,
    meetsNisab,
    due: meetsNisab ? zakat : 0,
    missingInputs,
  };
}
