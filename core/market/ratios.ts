import { undefinedRatiosOf, type CompanyType } from './company-type';
import { conversionFactor, type FxRates } from './fx';
import type { BalanceSheet, CashFlowStatement, IncomeStatement } from './types';
import { trailingDividendYield } from './dividend-yield';

/**
 * TTM ratios and key metrics with the field names of FMP's /ratios-ttm and /key-metrics-ttm, so the
 * SPA reads one shape whether the provider or these formulas produced it. Definitions follow the
 * CFA Institute curriculum (Financial Analysis Techniques) unless a comment says otherwise.
 *
 * Every value is a finite number or null: null when a denominator is zero or negative (a ratio
 * over a non-positive base — negative equity for P/B, a loss for P/E, negative EBITDA for
 * EV/EBITDA — is not meaningful) or when an input is not a finite number. Never Infinity or NaN.
 */

/** FMP /ratios-ttm fields (FMP's spelling, including dividendYielTTM). */
export const RATIOS_TTM_FIELDS = [
  'dividendYielTTM',
  'dividendYielPercentageTTM',
  'peRatioTTM',
  'payoutRatioTTM',
  'currentRatioTTM',
  'quickRatioTTM',
  'cashRatioTTM',
  'daysOfSalesOutstandingTTM',
  'daysOfInventoryOutstandingTTM',
  'daysOfPayablesOutstandingTTM',
  'cashConversionCycleTTM',
  'grossProfitMarginTTM',
  'operatingProfitMarginTTM',
  'pretaxProfitMarginTTM',
  'netProfitMarginTTM',
  'effectiveTaxRateTTM',
  'returnOnAssetsTTM',
  'returnOnEquityTTM',
  'returnOnCapitalEmployedTTM',
  'debtRatioTTM',
  'debtEquityRatioTTM',
  'longTermDebtToCapitalizationTTM',
  'totalDebtToCapitalizationTTM',
  'interestCoverageTTM',
  'cashFlowToDebtRatioTTM',
  'companyEquityMultiplierTTM',
  'receivablesTurnoverTTM',
  'payablesTurnoverTTM',
  'inventoryTurnoverTTM',
  'fixedAssetTurnoverTTM',
  'assetTurnoverTTM',
  'operatingCashFlowPerShareTTM',
  'freeCashFlowPerShareTTM',
  'cashPerShareTTM',
  'operatingCashFlowSalesRatioTTM',
  'freeCashFlowOperatingCashFlowRatioTTM',
  'priceBookValueRatioTTM',
  'priceToBookRatioTTM',
  'priceToSalesRatioTTM',
  'priceEarningsRatioTTM',
  'priceToFreeCashFlowsRatioTTM',
  'priceToOperatingCashFlowsRatioTTM',
  'priceEarningsToGrowthRatioTTM',
  'enterpriseValueMultipleTTM',
  'dividendPerShareTTM',
] as const;

/** FMP /key-metrics-ttm fields (FMP's spelling, including researchAndDevelopementToRevenueTTM). */
export const KEY_METRICS_TTM_FIELDS = [
  'revenuePerShareTTM',
  'netIncomePerShareTTM',
  'operatingCashFlowPerShareTTM',
  'freeCashFlowPerShareTTM',
  'cashPerShareTTM',
  'bookValuePerShareTTM',
  'tangibleBookValuePerShareTTM',
  'shareholdersEquityPerShareTTM',
  'interestDebtPerShareTTM',
  'marketCapTTM',
  'enterpriseValueTTM',
  'peRatioTTM',
  'priceToSalesRatioTTM',
  'pocfratioTTM',
  'pfcfRatioTTM',
  'pbRatioTTM',
  'ptbRatioTTM',
  'evToSalesTTM',
  'enterpriseValueOverEBITDATTM',
  'evToOperatingCashFlowTTM',
  'evToFreeCashFlowTTM',
  'earningsYieldTTM',
  'freeCashFlowYieldTTM',
  'debtToEquityTTM',
  'debtToAssetsTTM',
  'netDebtToEBITDATTM',
  'currentRatioTTM',
  'interestCoverageTTM',
  'incomeQualityTTM',
  'dividendYieldTTM',
  'payoutRatioTTM',
  'researchAndDevelopementToRevenueTTM',
  'intangiblesToTotalAssetsTTM',
  'capexToOperatingCashFlowTTM',
  'capexToRevenueTTM',
  'grahamNumberTTM',
  'roicTTM',
  'returnOnTangibleAssetsTTM',
  'workingCapitalTTM',
  'tangibleAssetValueTTM',
  'investedCapitalTTM',
  'roeTTM',
  'capexPerShareTTM',
  'dividendPerShareTTM',
  'debtToMarketCapTTM',
] as const;

export type RatiosTtmField = (typeof RATIOS_TTM_FIELDS)[number];
export type KeyMetricsTtmField = (typeof KEY_METRICS_TTM_FIELDS)[number];
/** FMP /ratios-ttm: each value a finite number, or null when not meaningful. */
export type RatiosTtm = { readonly [K in RatiosTtmField]: number | null };
/** FMP /key-metrics-ttm: each value a finite number, or null when not meaningful. */
export type KeyMetricsTtm = { readonly [K in KeyMetricsTtmField]: number | null };

export interface TtmInputs {
  /** TTM income statement (core/market/ttm.ts). */
  readonly income: IncomeStatement;
  /** Latest balance sheet (the TTM balance sheet). */
  readonly balance: BalanceSheet;
  /** TTM cash-flow statement. */
  readonly cash: CashFlowStatement;
  /**
   * Balance sheet at the start of the TTM window (four quarters before `balance`). When given,
   * returns and turnovers divide a twelve-month flow by the average of the opening and closing
   * balance (CFA convention); without it, by the closing balance.
   */
  readonly previousBalance?: BalanceSheet;
  /** The share price, in `priceCurrency`. */
  readonly price: number;
  /**
   * The listing's currency (CompanyProfile.currency), in which `price` and `dividendPerShare` are
   * quoted; absent means the statements' currency. A foreign listing (an ADR in USD of a company
   * reporting in EUR or JPY) differs from income.reportedCurrency, and every ratio that sets the
   * price against reported figures converts it first (docs/fmp-comparison.md).
   */
  readonly priceCurrency?: string;
  /** Units per US dollar; needed only when `priceCurrency` is not the statements' currency. */
  readonly rates?: FxRates;
  readonly sharesOutstanding: number;
  /** Dividends per share over the last twelve months, in `priceCurrency`; null: not known. */
  readonly dividendPerShare: number | null;
  /** EPS of the twelve months before the TTM window, for the PEG ratio. */
  readonly previousEps?: number;
  /** Banks and insurers have no cost of revenue: ratios on it are null (core/market/company-type). */
  readonly companyType?: CompanyType;
}

/** Days in the year for days-outstanding ratios (FMP and CFA use 365). */
export const DAYS_PER_YEAR = 365;
/** Benjamin Graham's limits P/E ≤ 15 and P/B ≤ 1.5 give √(22.5 × EPS × BVPS). */
const GRAHAM_MULTIPLIER = 22.5;

function finite(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** numerator / denominator when the denominator is positive and the result finite, else null. */
function div(numerator: number | null, denominator: number | null): number | null {
  if (numerator === null || denominator === null || !(denominator > 0)) return null;
  return finite(numerator / denominator);
}

function sum(...values: (number | null)[]): number | null {
  let total = 0;
  for (const value of values) {
    if (value === null) return null;
    total += value;
  }
  return finite(total);
}

function times(value: number | null, factor: number): number | null {
  return value === null ? null : finite(value * factor);
}

/**
 * Units of the statements' currency per unit of the listing's: what turns the price and a market
 * cap into figures comparable with revenue, earnings and book value. Undefined when the two
 * currencies differ and no rate converts between them; the price-based ratios are then null.
 */
export function listingToReportedFactor(
  inputs: Pick<TtmInputs, 'income' | 'priceCurrency' | 'rates'>,
): number | undefined {
  const reported = inputs.income.reportedCurrency;
  return conversionFactor(inputs.priceCurrency ?? reported, reported, inputs.rates);
}

/** Builds the shared intermediate figures once for both result objects. */
function prepare(inputs: TtmInputs) {
  const { income, balance, cash, previousBalance } = inputs;
  const n = (value: number | null | undefined) => finite(value);
  const closingOrAverage = (pick: (sheet: BalanceSheet) => number | null): number | null => {
    const closing = pick(balance);
    if (previousBalance === undefined) return closing;
    const opening = pick(previousBalance);
    return closing === null || opening === null ? null : finite((closing + opening) / 2);
  };

  // `price` stays in the listing's currency for the dividend yield (the dividend is quoted there
  // too); `reportedPrice` is the one set against the statements.
  const price = n(inputs.price);
  const factor = listingToReportedFactor(inputs);
  const reportedPrice = price === null || factor === undefined ? null : finite(price * factor);
  const shares = n(inputs.sharesOutstanding);
  const revenue = n(income.revenue);
  const costOfRevenue = n(income.costOfRevenue);
  const netIncome = n(income.netIncome);
  const operatingIncome = n(income.operatingIncome); // EBIT
  const incomeBeforeTax = n(income.incomeBeforeTax);
  const ebitda = n(income.ebitda);
  const operatingCashFlow = n(cash.operatingCashFlow);
  const freeCashFlow = n(cash.freeCashFlow);
  const capex = n(cash.capitalExpenditure); // negative: cash out, kept as FMP reports it
  const equity = n(balance.totalStockholdersEquity);
  const totalDebt = n(balance.totalDebt);
  const cashAndEquivalents = n(balance.cashAndCashEquivalents);
  const cashAndShortTerm = n(balance.cashAndShortTermInvestments);
  const intangibles = n(balance.goodwillAndIntangibleAssets);

  // Market capitalisation needs a positive price and share count to mean anything.
  const marketCap =
    reportedPrice !== null && reportedPrice > 0 && shares !== null && shares > 0
      ? finite(reportedPrice * shares)
      : null;
  // FMP's enterprise value: market cap + total debt − cash and cash equivalents.
  const enterpriseValue = sum(marketCap, totalDebt, times(cashAndEquivalents, -1));
  // EV multiples of a negative EV (net cash above market cap) are reported as not meaningful.
  const positiveEv = enterpriseValue !== null && enterpriseValue > 0 ? enterpriseValue : null;
  const perShare = (value: number | null) => div(value, shares);

  // ROIC: NOPAT = EBIT × (1 − effective tax rate); the rate is clamped to [0, 1] and taken as 0
  // for a pre-tax loss, where an effective rate has no meaning.
  const taxRate = div(n(income.incomeTaxExpense), incomeBeforeTax);
  const nopatRate = taxRate === null ? 1 : 1 - Math.min(Math.max(taxRate, 0), 1);
  // Invested capital (financing view, Damodaran): debt + equity − cash and marketable securities.
  const investedCapitalOf = (sheet: BalanceSheet) =>
    sum(
      n(sheet.totalDebt),
      n(sheet.totalStockholdersEquity),
      times(n(sheet.cashAndShortTermInvestments), -1),
    );

  // Net income per share as FMP's key metrics compute it: over today's share count. It is not the
  // EPS line of the income statement (over the period's weighted average shares, ttm.ts
  // earningsPerShare), so the key statistics print it as "Net income" per share, not as EPS.
  const eps = div(netIncome, shares);
  const bookValuePerShare = perShare(equity);
  const pe = div(marketCap, netIncome);

  return {
    income,
    balance,
    cash,
    price,
    reportedPrice,
    shares,
    revenue,
    costOfRevenue,
    netIncome,
    operatingIncome,
    incomeBeforeTax,
    ebitda,
    operatingCashFlow,
    freeCashFlow,
    capex,
    equity,
    totalDebt,
    cashAndEquivalents,
    cashAndShortTerm,
    intangibles,
    marketCap,
    enterpriseValue,
    positiveEv,
    perShare,
    eps,
    bookValuePerShare,
    pe,
    nopat: times(operatingIncome, nopatRate),
    investedCapital: investedCapitalOf(balance),
    averageInvestedCapital: closingOrAverage(investedCapitalOf),
    averageAssets: closingOrAverage((s) => n(s.totalAssets)),
    averageEquity: closingOrAverage((s) => n(s.totalStockholdersEquity)),
    averageTangibleAssets: closingOrAverage((s) =>
      sum(n(s.totalAssets), times(n(s.goodwillAndIntangibleAssets), -1)),
    ),
    averageCapitalEmployed: closingOrAverage((s) =>
      sum(n(s.totalAssets), times(n(s.totalCurrentLiabilities), -1)),
    ),
    averageReceivables: closingOrAverage((s) => n(s.netReceivables)),
    averageInventory: closingOrAverage((s) => n(s.inventory)),
    averagePayables: closingOrAverage((s) => n(s.accountPayables)),
    averageFixedAssets: closingOrAverage((s) => n(s.propertyPlantEquipmentNet)),
    dividendPerShare: n(inputs.dividendPerShare),
    // Dividends paid is a cash outflow (negative); the payout ratio uses its magnitude.
    dividendsPaid: finite(Math.abs(cash.dividendsPaid)),
    previousEps: n(inputs.previousEps),
  };
}

/** Every value finite or null, whatever slipped through (belt and braces for the SPA). */
function sanitize<K extends string>(
  fields: readonly K[],
  values: Record<K, number | null>,
): { readonly [P in K]: number | null } {
  const out = {} as Record<K, number | null>;
  for (const field of fields) out[field] = finite(values[field]);
  return out;
}

/** FMP /ratios-ttm from TTM statements, the price and the share count. */
export function computeRatiosTtm(inputs: TtmInputs): RatiosTtm {
  const p = prepare(inputs);
  const { balance } = p;
  const n = (value: number) => finite(value);

  const currentLiabilities = n(balance.totalCurrentLiabilities);
  const daysOf = (average: number | null, flow: number | null) =>
    times(div(average, flow), DAYS_PER_YEAR);
  const dso = daysOf(p.averageReceivables, p.revenue);
  const dio = daysOf(p.averageInventory, p.costOfRevenue);
  const dpo = daysOf(p.averagePayables, p.costOfRevenue);
  const dividendYield = trailingDividendYield(p.dividendPerShare, p.price);
  const priceToBook = div(p.marketCap, p.equity);

  // PEG (Peter Lynch): P/E over EPS growth in percent; only positive growth from a positive base.
  const growthPercent =
    p.previousEps !== null && p.previousEps > 0
      ? times(div(sum(n(p.income.eps), -p.previousEps), p.previousEps), 100)
      : null;

  const ratios = sanitize(RATIOS_TTM_FIELDS, {
    dividendYielTTM: dividendYield,
    dividendYielPercentageTTM: times(dividendYield, 100),
    peRatioTTM: p.pe,
    payoutRatioTTM: div(p.dividendsPaid, p.netIncome),
    currentRatioTTM: div(n(balance.totalCurrentAssets), currentLiabilities),
    // Acid test: cash, marketable securities and receivables over current liabilities.
    quickRatioTTM: div(sum(p.cashAndShortTerm, n(balance.netReceivables)), currentLiabilities),
    cashRatioTTM: div(p.cashAndShortTerm, currentLiabilities),
    daysOfSalesOutstandingTTM: dso,
    daysOfInventoryOutstandingTTM: dio,
    daysOfPayablesOutstandingTTM: dpo,
    cashConversionCycleTTM: sum(dso, dio, times(dpo, -1)),
    grossProfitMarginTTM: div(n(p.income.grossProfit), p.revenue),
    operatingProfitMarginTTM: div(p.operatingIncome, p.revenue),
    pretaxProfitMarginTTM: div(p.incomeBeforeTax, p.revenue),
    netProfitMarginTTM: div(p.netIncome, p.revenue),
    effectiveTaxRateTTM: div(n(p.income.incomeTaxExpense), p.incomeBeforeTax),
    returnOnAssetsTTM: div(p.netIncome, p.averageAssets),
    returnOnEquityTTM: div(p.netIncome, p.averageEquity),
    // ROCE: EBIT over capital employed (total assets − current liabilities).
    returnOnCapitalEmployedTTM: div(p.operatingIncome, p.averageCapitalEmployed),
    // Debt ratio in its accounting sense, total liabilities / total assets (FMP); debt-to-assets
    // on interest-bearing debt only is the key metric debtToAssetsTTM.
    debtRatioTTM: div(n(balance.totalLiabilities), n(balance.totalAssets)),
    debtEquityRatioTTM: div(p.totalDebt, p.equity),
    longTermDebtToCapitalizationTTM: div(
      n(balance.longTermDebt),
      sum(n(balance.longTermDebt), p.equity),
    ),
    totalDebtToCapitalizationTTM: div(p.totalDebt, sum(p.totalDebt, p.equity)),
    interestCoverageTTM: div(p.operatingIncome, n(p.income.interestExpense)),
    cashFlowToDebtRatioTTM: div(p.operatingCashFlow, p.totalDebt),
    companyEquityMultiplierTTM: div(n(balance.totalAssets), p.equity),
    receivablesTurnoverTTM: div(p.revenue, p.averageReceivables),
    payablesTurnoverTTM: div(p.costOfRevenue, p.averagePayables),
    inventoryTurnoverTTM: div(p.costOfRevenue, p.averageInventory),
    fixedAssetTurnoverTTM: div(p.revenue, p.averageFixedAssets),
    assetTurnoverTTM: div(p.revenue, p.averageAssets),
    operatingCashFlowPerShareTTM: p.perShare(p.operatingCashFlow),
    freeCashFlowPerShareTTM: p.perShare(p.freeCashFlow),
    cashPerShareTTM: p.perShare(p.cashAndShortTerm),
    operatingCashFlowSalesRatioTTM: div(p.operatingCashFlow, p.revenue),
    freeCashFlowOperatingCashFlowRatioTTM: div(p.freeCashFlow, p.operatingCashFlow),
    priceBookValueRatioTTM: priceToBook,
    priceToBookRatioTTM: priceToBook,
    priceToSalesRatioTTM: div(p.marketCap, p.revenue),
    priceEarningsRatioTTM: p.pe,
    priceToFreeCashFlowsRatioTTM: div(p.marketCap, p.freeCashFlow),
    priceToOperatingCashFlowsRatioTTM: div(p.marketCap, p.operatingCashFlow),
    priceEarningsToGrowthRatioTTM: div(p.pe, growthPercent),
    enterpriseValueMultipleTTM: div(p.positiveEv, p.ebitda),
    dividendPerShareTTM: p.dividendPerShare,
  });
  const undefinedRatios = undefinedRatiosOf(inputs.companyType ?? 'general');
  if (undefinedRatios.length === 0) return ratios;
  return { ...ratios, ...Object.fromEntries(undefinedRatios.map((field) => [field, null])) };
}

/** FMP /key-metrics-ttm from TTM statements, the price and the share count. */
export function computeKeyMetricsTtm(inputs: TtmInputs): KeyMetricsTtm {
  const p = prepare(inputs);
  const { balance } = p;
  const n = (value: number) => finite(value);

  const tangibleBookValuePerShare = p.perShare(sum(p.equity, times(p.intangibles, -1)));
  const netDebt = sum(p.totalDebt, times(p.cashAndEquivalents, -1));
  const grahamNumber =
    p.eps !== null && p.eps > 0 && p.bookValuePerShare !== null && p.bookValuePerShare > 0
      ? finite(Math.sqrt(GRAHAM_MULTIPLIER * p.eps * p.bookValuePerShare))
      : null;
  const returnOnEquity = div(p.netIncome, p.averageEquity);

  return sanitize(KEY_METRICS_TTM_FIELDS, {
    revenuePerShareTTM: p.perShare(p.revenue),
    netIncomePerShareTTM: p.eps,
    operatingCashFlowPerShareTTM: p.perShare(p.operatingCashFlow),
    freeCashFlowPerShareTTM: p.perShare(p.freeCashFlow),
    cashPerShareTTM: p.perShare(p.cashAndShortTerm),
    bookValuePerShareTTM: p.bookValuePerShare,
    // Tangible book attributable to shareholders: equity − goodwill and intangibles.
    tangibleBookValuePerShareTTM: tangibleBookValuePerShare,
    shareholdersEquityPerShareTTM: p.bookValuePerShare,
    // Interest-bearing debt per share.
    interestDebtPerShareTTM: p.perShare(p.totalDebt),
    marketCapTTM: p.marketCap,
    enterpriseValueTTM: p.enterpriseValue,
    peRatioTTM: p.pe,
    priceToSalesRatioTTM: div(p.marketCap, p.revenue),
    pocfratioTTM: div(p.marketCap, p.operatingCashFlow),
    pfcfRatioTTM: div(p.marketCap, p.freeCashFlow),
    pbRatioTTM: div(p.marketCap, p.equity),
    // Price to tangible book (the reading OpenBB's FMP mapping gives ptbRatio).
    ptbRatioTTM: div(p.reportedPrice, tangibleBookValuePerShare),
    evToSalesTTM: div(p.positiveEv, p.revenue),
    enterpriseValueOverEBITDATTM: div(p.positiveEv, p.ebitda),
    evToOperatingCashFlowTTM: div(p.positiveEv, p.operatingCashFlow),
    evToFreeCashFlowTTM: div(p.positiveEv, p.freeCashFlow),
    // Yields may be negative (a loss, cash burn); only the market cap must be positive.
    earningsYieldTTM: div(p.netIncome, p.marketCap),
    freeCashFlowYieldTTM: div(p.freeCashFlow, p.marketCap),
    debtToEquityTTM: div(p.totalDebt, p.equity),
    debtToAssetsTTM: div(p.totalDebt, n(balance.totalAssets)),
    netDebtToEBITDATTM: div(netDebt, p.ebitda),
    currentRatioTTM: div(n(balance.totalCurrentAssets), n(balance.totalCurrentLiabilities)),
    interestCoverageTTM: div(p.operatingIncome, n(p.income.interestExpense)),
    // Income quality: operating cash flow over net income (cash backing of earnings).
    incomeQualityTTM: div(p.operatingCashFlow, p.netIncome),
    dividendYieldTTM: trailingDividendYield(p.dividendPerShare, p.price),
    payoutRatioTTM: div(p.dividendsPaid, p.netIncome),
    researchAndDevelopementToRevenueTTM: div(n(p.income.researchAndDevelopmentExpenses), p.revenue),
    intangiblesToTotalAssetsTTM: div(p.intangibles, n(balance.totalAssets)),
    // Capex keeps the cash-flow sign (negative), as FMP's key metrics report it.
    capexToOperatingCashFlowTTM: div(p.capex, p.operatingCashFlow),
    capexToRevenueTTM: div(p.capex, p.revenue),
    grahamNumberTTM: grahamNumber,
    roicTTM: div(p.nopat, p.averageInvestedCapital),
    returnOnTangibleAssetsTTM: div(p.netIncome, p.averageTangibleAssets),
    workingCapitalTTM: sum(
      n(balance.totalCurrentAssets),
      times(n(balance.totalCurrentLiabilities), -1),
    ),
    // FMP: total assets − total liabilities − goodwill and intangibles.
    tangibleAssetValueTTM: sum(
      n(balance.totalAssets),
      times(n(balance.totalLiabilities), -1),
      times(p.intangibles, -1),
    ),
    investedCapitalTTM: p.investedCapital,
    roeTTM: returnOnEquity,
    capexPerShareTTM: p.perShare(p.capex),
    dividendPerShareTTM: p.dividendPerShare,
    debtToMarketCapTTM: div(p.totalDebt, p.marketCap),
  });
}
