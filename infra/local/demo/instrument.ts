import type { MarketInstrument } from '../../../core/market/types';
import type { FinancialHistory } from './financials';
import { netIncomeOf } from './financials';
import type { Random, Range } from './random';
import type { IndustryProfile } from './taxonomy';

/**
 * Valuation on the anchor day and the share count history. The anchor price follows from the
 * anchor fiscal year's fundamentals: profitable companies (net margin ≥ 2 %) trade at a
 * sector-plausible P/E of 9–36 on that year's EPS; loss makers and thin-margin companies are priced
 * off sales (floored by book value). The share count is then chosen so the price per share falls in
 * the market's usual range, and rolled backwards and forwards with the share issues, stock-based
 * compensation and buy-backs of the cash-flow statement.
 */

export interface PriceRange {
  /** Where every demo anchor price lies. */
  readonly outer: Range;
  /** Where the share count aims the price (leaves room for rounding and share-count drift). */
  readonly inner: Range;
  /** Price tick: 1 for yen, 0.01 otherwise. */
  readonly tick: number;
}

export const PRICE_RANGES: Readonly<Record<string, PriceRange>> = {
  USD: { outer: [5, 800], inner: [8, 450], tick: 0.01 },
  GBP: { outer: [0.5, 50], inner: [0.8, 35], tick: 0.01 },
  EUR: { outer: [5, 500], inner: [7, 300], tick: 0.01 },
  INR: { outer: [100, 5000], inner: [130, 3500], tick: 0.01 },
  CNY: { outer: [3, 200], inner: [4, 120], tick: 0.01 },
  HKD: { outer: [1, 500], inner: [1.5, 300], tick: 0.01 },
  JPY: { outer: [500, 20000], inner: [600, 12000], tick: 1 },
  SAR: { outer: [10, 300], inner: [12, 200], tick: 0.01 },
};

/** The P/E band every earnings-priced demo company lies in. */
export const PE_BAND: Range = [9, 36];
/** Net margin from which a company is priced off earnings rather than sales. */
export const EARNINGS_PRICED_MARGIN = 0.02;

export interface Valuation {
  readonly method: 'earnings' | 'sales';
  readonly anchorPrice: number;
  readonly marketCap: number;
  /** Shares outstanding at each quarter end; index 0 is the opening balance date. */
  readonly sharesAtQuarterEnd: readonly number[];
  /** 0 (micro cap) … 1 (mega cap), from the anchor market value in US dollars. */
  readonly sizeRank: number;
}

export interface ValuationInput {
  readonly industry: IndustryProfile;
  readonly currency: string;
  readonly perUsd: number;
  /** Index into history.quarters of the anchor fiscal year's Q4. */
  readonly anchorQuarterIndex: number;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

export function roundToTick(price: number, tick: number): number {
  return tick >= 1 ? Math.round(price / tick) * tick : Math.round(price * 100) / 100;
}

export function priceRangeOf(currency: string): PriceRange {
  const range = PRICE_RANGES[currency];
  if (!range) throw new Error(`No demo price range for ${currency}`);
  return range;
}

export function valueCompany(
  rng: Random,
  history: FinancialHistory,
  input: ValuationInput,
): Valuation {
  const { quarters, runRates } = history;
  const a = input.anchorQuarterIndex;
  const anchorYear = quarters.slice(a - 3, a + 1);
  const netIncome = anchorYear.reduce((sum, q) => sum + netIncomeOf(q.flows), 0);
  const revenue = anchorYear.reduce((sum, q) => sum + q.flows.revenue, 0);
  const anchorBalance = quarters[a]?.balance;
  const book = anchorBalance
    ? anchorBalance.commonStock + anchorBalance.retainedEarnings + anchorBalance.aoci
    : 0;

  const earningsPriced = netIncome > 0 && netIncome / revenue >= EARNINGS_PRICED_MARGIN;
  const pe = rng.float(
    Math.max(PE_BAND[0], input.industry.pe[0]),
    Math.min(PE_BAND[1], Math.max(input.industry.pe[1], PE_BAND[0] + 1)),
  );
  const marketCap = earningsPriced
    ? pe * netIncome
    : Math.max(
        rng.between(input.industry.ps) * revenue * (netIncome < 0 ? rng.float(0.5, 1) : 1),
        book * rng.float(0.6, 1.2),
        1e6 * input.perUsd,
      );
  const marketCapUsd = marketCap / input.perUsd;
  const sizeRank = clamp((Math.log10(marketCapUsd) - 7) / 5.5, 0, 1);

  // The share count that puts the price in the market's usual range (bigger firms, dearer shares).
  const range = priceRangeOf(input.currency);
  const [lo, hi] = range.inner;
  const position = clamp(0.15 + 0.6 * sizeRank + rng.normal(0, 0.15), 0, 1);
  const targetPrice = Math.exp(Math.log(lo) + (Math.log(hi) - Math.log(lo)) * position);
  const anchorShares = Math.max(100_000, Math.round(marketCap / targetPrice));

  // Share count path: each quarter's new shares (issues + SBC − buy-backs) at that quarter's price,
  // approximated by the anchor market value scaled with the revenue run rate.
  const anchorRunRate = runRates[a] ?? revenue;
  const growthFactor = (k: number) => {
    const q = quarters[k];
    if (!q) return 1;
    const proxyCap = marketCap * Math.max(0.2, (runRates[k] ?? anchorRunRate) / anchorRunRate);
    const net = q.flows.stockIssued + q.flows.stockBasedCompensation + q.flows.stockRepurchased;
    return 1 + clamp(net / proxyCap, -0.03, 0.06);
  };
  const shares: number[] = new Array<number>(quarters.length + 1).fill(0);
  shares[a + 1] = anchorShares;
  for (let k = a + 1; k < quarters.length; k++) {
    shares[k + 1] = Math.round((shares[k] ?? anchorShares) * growthFactor(k));
  }
  for (let k = a; k >= 0; k--) {
    shares[k] = Math.round((shares[k + 1] ?? anchorShares) / growthFactor(k));
  }

  let anchorPrice: number;
  if (earningsPriced) {
    const weighted = averageWeightedShares(shares, a - 3, a);
    anchorPrice = (pe * netIncome) / weighted;
  } else {
    anchorPrice = marketCap / anchorShares;
  }
  anchorPrice = roundToTick(clamp(anchorPrice, range.outer[0], range.outer[1]), range.tick);
  return {
    method: earningsPriced ? 'earnings' : 'sales',
    anchorPrice,
    marketCap: anchorPrice * anchorShares,
    sharesAtQuarterEnd: shares,
    sizeRank,
  };
}

/** Weighted average shares of quarter k: the mean of its opening and closing counts. */
export function weightedSharesOfQuarter(shares: readonly number[], k: number): number {
  return Math.round(((shares[k] ?? 0) + (shares[k + 1] ?? 0)) / 2);
}

/** A fiscal year's weighted average shares: the mean of its quarters' (quarters first…last). */
export function averageWeightedShares(
  shares: readonly number[],
  first: number,
  last: number,
): number {
  let sum = 0;
  for (let k = first; k <= last; k++) sum += weightedSharesOfQuarter(shares, k);
  return Math.round(sum / (last - first + 1));
}

/** Relative share turnover per market (Shanghai trades its float far more often than London). */
const TURNOVER: Readonly<Record<string, number>> = {
  NASDAQ: 1.4,
  NYSE: 1.1,
  LSE: 0.6,
  XETRA: 0.6,
  EURONEXT: 0.55,
  NSE: 1.1,
  SHH: 2.5,
  HKSE: 0.6,
  JPX: 1,
  SAU: 1.3,
};

export interface InstrumentInput {
  readonly symbol: string;
  readonly exchangeShortName: string;
  readonly ipoDate: string;
  readonly industry: IndustryProfile;
  readonly valuation: Valuation;
  readonly sharesOutstanding: number;
  /** Compound annual revenue growth over the statements' years. */
  readonly revenueGrowth: number;
  readonly lossMaker: boolean;
  readonly highDebt: boolean;
}

/** Volatility, drift and volume of the simulated market for one company. */
export function marketInstrument(rng: Random, input: InstrumentInput): MarketInstrument {
  const { valuation } = input;
  const volatility = clamp(
    rng.between(input.industry.volatility) +
      (1 - valuation.sizeRank) * 0.15 +
      (input.lossMaker ? 0.08 : 0) +
      (input.highDebt ? 0.05 : 0),
    0.15,
    0.7,
  );
  const drift = clamp(0.02 + 0.4 * input.revenueGrowth + rng.normal(0, 0.04), -0.05, 0.15);
  const turnover =
    (TURNOVER[input.exchangeShortName] ?? 1) *
    rng.float(0.3, 1.6) *
    (0.6 + 0.6 * valuation.sizeRank);
  return {
    symbol: input.symbol,
    exchangeShortName: input.exchangeShortName,
    ipoDate: input.ipoDate,
    anchorPrice: valuation.anchorPrice,
    annualVolatility: Math.round(volatility * 1000) / 1000,
    annualDrift: Math.round(drift * 1000) / 1000,
    averageDailyVolume: Math.max(100, Math.round((input.sharesOutstanding * turnover) / 252)),
  };
}
