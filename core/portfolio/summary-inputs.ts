import type { Currency, FxRates } from '../market/fx';
import type { ShariahStandard, ShariahVerdict } from '../market/shariah';
import type { Close } from './performance';
import type { NonPermissibleShare } from './purification';
import type { Transaction } from './transactions';
import type { ZakatableBalance, ZakatMethod, ZakatSettings } from './zakat';

/**
 * What the portfolio summary (summary.ts) is computed from: the portfolio as entered and what the
 * product knows of each of its symbols. Every market input is optional: where one is missing the
 * summary says which, and never puts a number in its place.
 */

/** What the product knows of one symbol, as the market-inputs port reads it. */
export interface SymbolMarket {
  /** The listing's currency: its price, closes and trades are in it. */
  readonly currency?: Currency;
  /** The latest price (the live quote's). */
  readonly price?: number;
  /** Daily closes as traded that day (not adjusted for later splits), ascending by date. */
  readonly closes?: readonly Close[];
  readonly sector?: string;
  readonly country?: string;
  /** The verdict under each standard, as the stock page and the screener compute it. */
  readonly verdicts?: Readonly<Partial<Record<ShariahStandard, ShariahVerdict>>>;
  /** A reviewer's verdict, shown beside the standards' (never folded into them). */
  readonly override?: ShariahVerdict;
  /** The company's non-permissible income share by fiscal period (purification). */
  readonly nonPermissibleShares?: readonly NonPermissibleShare[];
  /** The company's balance sheets (any order; the zakat date picks the latest on it). */
  readonly balanceSheets?: readonly ZakatableBalance[];
  readonly sharesOutstanding?: number;
}

/** The user's choices for the zakat estimate. */
export interface ZakatOptions {
  readonly settings: ZakatSettings;
  /** Per symbol; a holding not named is held for investment (AAOIFI's default case). */
  readonly methods?: Readonly<Record<string, ZakatMethod>>;
}

export interface PortfolioSummaryInput {
  readonly portfolio: {
    /** The currency everything is shown in. */
    readonly currency: Currency;
    /** The index (or stock) the returns are set beside; none when the user chose none. */
    readonly benchmark?: string;
    readonly transactions: readonly Transaction[];
  };
  /** The last day valued, YYYY-MM-DD (the exchange's today; the dev clock's locally). */
  readonly today: string;
  /** The user's standard: the verdict allocation and the rows' default verdict. */
  readonly standard: ShariahStandard;
  /** By symbol as the transactions spell it; a symbol absent here has nothing known. */
  readonly market: ReadonlyMap<string, SymbolMarket>;
  /** Today's rates (units per US dollar); undefined when they could not be read. */
  readonly rates: FxRates | undefined;
  /** The benchmark's daily closes, ascending. */
  readonly benchmarkCloses?: readonly Close[];
  readonly zakat?: ZakatOptions;
}

/**
 * What to read for a portfolio's summary: its symbols (each once, in the order first seen) and
 * closes from its first transaction; undefined for a portfolio without transactions.
 */
export function marketRequestOf(portfolio: PortfolioSummaryInput['portfolio']):
  | {
      readonly symbols: readonly string[];
      readonly benchmark?: string;
      readonly from: string;
    }
  | undefined {
  const { transactions, benchmark } = portfolio;
  if (transactions.length === 0) return undefined;
  const symbols = new Set<string>();
  let from = transactions[0]!.date;
  for (const t of transactions) {
    if ('symbol' in t && t.symbol !== undefined) symbols.add(t.symbol);
    if (t.date < from) from = t.date;
  }
  return { symbols: [...symbols], ...(benchmark !== undefined ? { benchmark } : {}), from };
}
