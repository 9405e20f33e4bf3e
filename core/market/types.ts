import type { QuoteUnavailable } from './coverage';
/**
 * Market-data shapes. Field names follow the Financial Modeling Prep v3 API that the asset API's
 * paths mirror (SPEC §7), so the production ingest stores provider data as it comes and the SPA
 * reads one shape whatever the source.
 */

export type StatementPeriod = 'annual' | 'quarter';
/** FMP's period field: 'FY' for annual items, 'Q1'…'Q4' for quarters, 'TTM' for the TTM item. */
export type FiscalPeriod = 'FY' | 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'TTM';

/** Company profile (FMP /profile); price-dependent fields are filled from the live quote. */
export interface CompanyProfile {
  readonly symbol: string;
  readonly companyName: string;
  readonly isin: string;
  readonly exchange: string; // e.g. 'NASDAQ Global Select'
  readonly exchangeShortName: string; // e.g. 'NASDAQ'
  readonly currency: string; // ISO 4217
  readonly country: string; // ISO 3166-1 alpha-2
  readonly sector: string;
  readonly industry: string;
  readonly description: string;
  readonly ceo: string;
  readonly website: string;
  /** null: nobody entered it and the provider sent none (shown as missing, never as 0). */
  readonly fullTimeEmployees: number | null;
  /** YYYY-MM-DD; null: nobody entered it and the provider sent none. */
  readonly ipoDate: string | null;
  readonly address: string;
  readonly city: string;
  readonly phone: string;
  /** null: nobody entered it and the provider sent none (shown as missing, never as 1). */
  readonly beta: number | null;
  /** Shares outstanding (FMP /shares: outstandingShares). */
  readonly sharesOutstanding: number;
  /** null: not known (a stock added in the console); never assumed equal to the outstanding. */
  readonly floatShares: number | null;
  /**
   * Dividend per share over the last year, in `currency`; null: not known (a stock added in the
   * console), shown as missing rather than as a company that pays none.
   */
  readonly lastDiv: number | null;
  readonly isEtf: false;
  readonly isActivelyTrading: boolean;
  // Live fields (FMP names): present on API responses, computed from the quote at read time.
  readonly price?: number;
  readonly changes?: number;
  readonly mktCap?: number;
  readonly volAvg?: number;
  readonly range?: string; // 52-week 'low-high'
}

interface StatementBase {
  readonly date: string; // period end, YYYY-MM-DD
  readonly symbol: string;
  readonly reportedCurrency: string;
  readonly fillingDate: string;
  readonly acceptedDate: string;
  readonly calendarYear: string;
  readonly period: FiscalPeriod;
}

export interface IncomeStatement extends StatementBase {
  readonly revenue: number;
  readonly costOfRevenue: number;
  readonly grossProfit: number; // = revenue − costOfRevenue
  readonly grossProfitRatio: number;
  readonly researchAndDevelopmentExpenses: number;
  readonly sellingGeneralAndAdministrativeExpenses: number;
  readonly otherExpenses: number;
  readonly operatingExpenses: number; // = R&D + SG&A + other
  readonly costAndExpenses: number; // = costOfRevenue + operatingExpenses
  readonly interestIncome: number;
  readonly interestExpense: number;
  readonly depreciationAndAmortization: number;
  readonly ebitda: number; // = operatingIncome + D&A
  readonly ebitdaratio: number;
  readonly operatingIncome: number; // = grossProfit − operatingExpenses
  readonly operatingIncomeRatio: number;
  readonly totalOtherIncomeExpensesNet: number; // = interestIncome − interestExpense (+ other)
  readonly incomeBeforeTax: number; // = operatingIncome + totalOtherIncomeExpensesNet
  readonly incomeBeforeTaxRatio: number;
  readonly incomeTaxExpense: number;
  readonly netIncome: number; // = incomeBeforeTax − incomeTaxExpense
  readonly netIncomeRatio: number;
  readonly eps: number;
  readonly epsdiluted: number;
  readonly weightedAverageShsOut: number;
  readonly weightedAverageShsOutDil: number;
}

export interface BalanceSheet extends StatementBase {
  readonly cashAndCashEquivalents: number;
  readonly shortTermInvestments: number;
  readonly cashAndShortTermInvestments: number;
  readonly netReceivables: number;
  readonly inventory: number;
  readonly otherCurrentAssets: number;
  readonly totalCurrentAssets: number;
  readonly propertyPlantEquipmentNet: number;
  readonly goodwill: number;
  readonly intangibleAssets: number;
  readonly goodwillAndIntangibleAssets: number;
  readonly longTermInvestments: number;
  readonly otherNonCurrentAssets: number;
  readonly totalNonCurrentAssets: number;
  readonly totalAssets: number; // = totalLiabilities + totalEquity
  readonly accountPayables: number;
  readonly shortTermDebt: number;
  readonly taxPayables: number;
  readonly deferredRevenue: number;
  readonly otherCurrentLiabilities: number;
  readonly totalCurrentLiabilities: number;
  readonly longTermDebt: number;
  readonly otherNonCurrentLiabilities: number;
  readonly totalNonCurrentLiabilities: number;
  readonly totalLiabilities: number;
  readonly commonStock: number;
  readonly retainedEarnings: number;
  readonly accumulatedOtherComprehensiveIncomeLoss: number;
  readonly totalStockholdersEquity: number;
  readonly minorityInterest: number;
  readonly totalEquity: number;
  readonly totalLiabilitiesAndStockholdersEquity: number;
  readonly totalLiabilitiesAndTotalEquity: number;
  readonly totalInvestments: number;
  readonly totalDebt: number; // = shortTermDebt + longTermDebt
  readonly netDebt: number; // = totalDebt − cashAndCashEquivalents
}

export interface CashFlowStatement extends StatementBase {
  readonly netIncome: number;
  readonly depreciationAndAmortization: number;
  readonly stockBasedCompensation: number;
  readonly changeInWorkingCapital: number;
  readonly otherNonCashItems: number;
  readonly netCashProvidedByOperatingActivities: number;
  readonly investmentsInPropertyPlantAndEquipment: number; // negative: cash out
  readonly acquisitionsNet: number;
  readonly purchasesOfInvestments: number;
  readonly salesMaturitiesOfInvestments: number;
  readonly otherInvestingActivites: number; // FMP's spelling
  readonly netCashUsedForInvestingActivites: number; // FMP's spelling
  readonly debtRepayment: number;
  readonly commonStockIssued: number;
  readonly commonStockRepurchased: number;
  readonly dividendsPaid: number; // negative: cash out
  readonly otherFinancingActivites: number;
  readonly netCashUsedProvidedByFinancingActivities: number;
  readonly effectOfForexChangesOnCash: number;
  readonly netChangeInCash: number; // = operating + investing + financing + forex
  readonly cashAtBeginningOfPeriod: number;
  readonly cashAtEndOfPeriod: number; // = beginning + netChangeInCash = balance sheet cash
  readonly operatingCashFlow: number;
  readonly capitalExpenditure: number; // negative
  readonly freeCashFlow: number; // = operatingCashFlow + capitalExpenditure
}

export type StatementKind = 'income' | 'balance' | 'cash';
export interface StatementByKind {
  readonly income: IncomeStatement;
  readonly balance: BalanceSheet;
  readonly cash: CashFlowStatement;
}

/** One chart bar (FMP /historical-chart and /historical-price-full). */
export interface PriceBar {
  /** 'YYYY-MM-DD HH:mm:ss' in the exchange's local time for intraday bars, 'YYYY-MM-DD' daily. */
  readonly date: string;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}

/** A live quote (FMP /quote). */
export interface Quote {
  readonly symbol: string;
  readonly price: number;
  readonly change: number;
  readonly changesPercentage: number;
  readonly dayLow: number;
  readonly dayHigh: number;
  readonly yearLow: number;
  readonly yearHigh: number;
  readonly open: number;
  readonly previousClose: number;
  readonly volume: number;
  readonly avgVolume: number;
  readonly marketOpen: boolean;
  /** Epoch seconds of the quote. */
  readonly timestamp: number;
}

export type AnalystRating = 'Strong Buy' | 'Buy' | 'Hold' | 'Sell' | 'Strong Sell';

export interface AnalystData {
  readonly symbol: string;
  readonly ratings: {
    readonly strongBuy: number;
    readonly buy: number;
    readonly hold: number;
    readonly sell: number;
    readonly strongSell: number;
  };
  readonly consensus: AnalystRating;
  /** The day the consensus and the targets were taken (the demo's; FMP's reads leave it out). */
  readonly asOf?: string;
  /** The close on `asOf`, against which the targets' upside was set. */
  readonly priceAsOf?: number;
  readonly priceTarget: {
    readonly high: number;
    readonly low: number;
    readonly median: number;
    readonly consensus: number;
    readonly currency: string;
  };
  /** Newest first. */
  readonly grades: readonly {
    readonly date: string;
    readonly gradingCompany: string;
    readonly previousGrade: string;
    readonly newGrade: string;
    readonly action: 'upgrade' | 'downgrade' | 'maintain' | 'initiate';
    /** The firm's price target with the grade (FMP's price-target news; absent when unknown). */
    readonly priceTarget?: number;
    /** The close on the grade's day, against which its target's upside reads. */
    readonly priceWhenPosted?: number;
  }[];
}

/** What a Shariah screen needs beyond the statements and the price. */
export interface ShariahInputs {
  readonly symbol: string;
  /** Core business activity; a prohibited one fails every standard's activity screen. */
  readonly businessActivity:
    | 'permissible'
    | 'conventional-finance'
    | 'alcohol'
    | 'tobacco'
    | 'gambling'
    | 'pork'
    | 'adult-entertainment'
    | 'weapons';
  /** Share of revenue from non-permissible sources (interest income included), 0..1. */
  readonly nonPermissibleRevenueShare: number;
  /** Interest-bearing securities and deposits held (in reportedCurrency). */
  readonly interestBearingSecurities: number;
  readonly asOf: string; // YYYY-MM-DD
  /**
   * Curated figures (in reportedCurrency) that replace the latest balance sheet's when a reviewer
   * knows better: interest-bearing debt only (the sheet's totalDebt includes Islamic financing),
   * cash and equivalents, receivables.
   */
  readonly interestBearingDebt?: number;
  readonly cashAndEquivalents?: number;
  readonly receivables?: number;
  /** Revenue split with the sources of the non-permissible part; its share replaces the one above. */
  readonly revenueSplit?: ShariahRevenueSplit;
  /** A reviewer's verdict over the computed ones, with the reason and the review date. */
  readonly override?: ShariahOverride;
}

export interface ShariahRevenueSplit {
  readonly permissible: number;
  readonly nonPermissible: number;
  readonly sources: readonly { readonly name: string; readonly amount: number }[];
}

export interface ShariahOverride {
  readonly verdict: 'compliant' | 'non-compliant' | 'questionable';
  readonly reason: string;
  /** YYYY-MM-DD */
  readonly reviewedOn: string;
  /** Who reviewed (the curator's e-mail, set by the server). */
  readonly reviewer: string;
}

/** A market index of SPEC §3. */
export interface MarketIndex {
  readonly symbol: string;
  readonly name: string;
  readonly country: string;
  readonly currency: string;
  /** Exchange whose calendar and trading hours the index follows. */
  readonly exchangeShortName: string;
}

/**
 * The line of an index card: the 1D chart's closes, thinned by the server (core/market/day-spark),
 * so the home page draws ten lines from its one read of the indexes, not from ten days of bars.
 * Both arrays are empty when the index has no session to show.
 */
export interface DaySpark {
  /**
   * Each point's minutes after the first bar, ascending from 0: the line keeps the session's time
   * spacing (a lunch break, as in Tokyo, Hong Kong or Shanghai, stays a gap, as on the chart).
   */
  readonly minutes: readonly number[];
  /** Each point's close. */
  readonly closes: readonly number[];
}

/**
 * A market index with its live quote and the day's line (GET /stocks/indexes). `quote` is null
 * when the market-data provider's plan does not cover the index or the provider has no quote for
 * it; `unavailable` says which (core/market/coverage.ts), and its card says so rather than a 0.
 */
export type IndexQuote = MarketIndex & {
  readonly quote: Quote | null;
  readonly unavailable?: QuoteUnavailable;
  readonly spark: DaySpark;
};

/** A row of GET /stocks/movers. */
export interface Mover {
  readonly symbol: string;
  readonly name: string;
  readonly exchangeShortName: string;
  readonly currency: string;
  readonly price: number;
  readonly change: number;
  readonly changesPercentage: number;
  readonly volume: number;
  /** volume × price, in `currency`. */
  readonly tradedValue: number;
  /** tradedValue in US dollars at the product's rates (the most active are ranked on it). */
  readonly tradedValueUsd: number | null;
}

/** GET /stocks/movers: today's top gainers, top losers and most active stocks. */
export interface Movers {
  readonly gainers: readonly Mover[];
  readonly losers: readonly Mover[];
  /** By traded value (price × volume) in US dollars (core/market/movers.ts). */
  readonly mostActive: readonly Mover[];
}

/**
 * What the simulated market needs to price one instrument (a company or an index): the demo
 * universe derives it from the company's fundamentals, so the price level fits the statements.
 */
export interface MarketInstrument {
  readonly symbol: string;
  readonly exchangeShortName: string;
  /** First trading day, YYYY-MM-DD; no bars before it. */
  readonly ipoDate: string;
  /** Close on the anchor day ANCHOR_DATE (core/market/simulation-anchor.ts), in its currency. */
  readonly anchorPrice: number;
  /** Annualised volatility of log returns, e.g. 0.3. */
  readonly annualVolatility: number;
  /** Annualised drift of log returns, e.g. 0.06. */
  readonly annualDrift: number;
  /** Typical shares (or index units) traded per day. */
  readonly averageDailyVolume: number;
}
