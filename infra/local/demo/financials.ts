import type { Locale } from './locales';
import type { Random } from './random';
import type { IndustryProfile } from './taxonomy';

/**
 * The quarter-by-quarter double-entry model behind a demo company's statements. All amounts are
 * whole units of the reporting currency, so every sum is exact.
 *
 * Each quarter starts from the previous balance sheet, books the income statement, moves every
 * non-cash balance-sheet item towards a revenue-driven target and records each move on the cash-flow
 * line that pays for it (working capital, capex, acquisitions, investments, borrowing, equity,
 * dividends). Cash is then whatever the cash-flow statement leaves, so
 * `cash(t) = cash(t−1) + operating + investing + financing + forex` and
 * `retainedEarnings(t) = retainedEarnings(t−1) + netIncome − dividends` by construction.
 *
 * The balancing item is accumulatedOtherComprehensiveIncomeLoss: it is set to
 * `totalAssets − totalLiabilities − commonStock − retainedEarnings − minorityInterest`, so
 * `totalAssets = totalLiabilities + totalEquity` holds exactly. Because every other movement is
 * double-entry, the plug moves each quarter by exactly the forex effect on cash — the currency
 * translation that AOCI holds in real filings (the tests check this).
 *
 * Annual figures are the sums of the four quarters (flows) and the Q4 balance sheet, so quarters
 * always add up to their year.
 */

export const FLOW_KEYS = [
  'revenue',
  'costOfRevenue',
  'researchAndDevelopment',
  'sellingGeneralAndAdministrative',
  'otherExpenses',
  'interestIncome',
  'interestExpense',
  'otherNonOperating',
  'depreciationAndAmortization',
  'incomeTax',
  'stockBasedCompensation',
  'changeInWorkingCapital',
  'otherNonCashItems',
  'capitalExpenditure', // negative
  'acquisitions', // negative
  'purchasesOfInvestments', // negative
  'salesOfInvestments', // positive
  'otherInvesting',
  'debtRepayment', // negative
  'debtIssued', // positive; reported as otherFinancingActivites
  'stockIssued', // positive
  'stockRepurchased', // negative
  'dividends', // negative
  'forex',
] as const;
export type FlowKey = (typeof FLOW_KEYS)[number];
export type Flows = Record<FlowKey, number>;

export const BALANCE_KEYS = [
  'cash',
  'shortTermInvestments',
  'receivables',
  'inventory',
  'otherCurrentAssets',
  'ppe',
  'goodwill',
  'intangibles',
  'longTermInvestments',
  'otherNonCurrentAssets',
  'payables',
  'shortTermDebt',
  'taxPayables',
  'deferredRevenue',
  'otherCurrentLiabilities',
  'longTermDebt',
  'otherNonCurrentLiabilities',
  'commonStock',
  'retainedEarnings',
  'aoci',
  'minorityInterest',
] as const;
export type BalanceKey = (typeof BALANCE_KEYS)[number];
export type Balance = Record<BalanceKey, number>;

export interface PeriodRecord {
  readonly year: number;
  /** 1…4 for a quarter, 0 for a fiscal year. */
  readonly quarter: number;
  readonly flows: Flows;
  readonly cashBegin: number;
  readonly balance: Balance;
}

export interface FinancialHistory {
  /** Balance sheet at the end of the year before the first fiscal year. */
  readonly opening: Balance;
  /** Oldest first: 4 quarters for each fiscal year. */
  readonly quarters: readonly PeriodRecord[];
  /** Trailing four-quarter revenue at each quarter end (same order as quarters). */
  readonly runRates: readonly number[];
}

export interface CompanyTraits {
  /** Structural loss maker (operating losses that narrow over the years). */
  readonly lossMaker: boolean;
  /** Much more debt than its industry (exercises the Shariah debt screen). */
  readonly highDebt: boolean;
  /** Liabilities above assets (accumulated deficits, debt-funded buy-backs). */
  readonly negativeEquity: boolean;
  readonly dividendPayer: boolean;
  readonly buysBack: boolean;
}

export interface SimulationInput {
  readonly industry: IndustryProfile;
  readonly locale: Locale;
  readonly traits: CompanyTraits;
  /** Revenue of the latest fiscal year, in the reporting currency. */
  readonly latestRevenue: number;
  readonly latestFiscalYear: number;
  readonly years: number;
}

export const totalAssetsOf = (b: Balance): number =>
  b.cash +
  b.shortTermInvestments +
  b.receivables +
  b.inventory +
  b.otherCurrentAssets +
  b.ppe +
  b.goodwill +
  b.intangibles +
  b.longTermInvestments +
  b.otherNonCurrentAssets;

export const totalLiabilitiesOf = (b: Balance): number =>
  b.payables +
  b.shortTermDebt +
  b.taxPayables +
  b.deferredRevenue +
  b.otherCurrentLiabilities +
  b.longTermDebt +
  b.otherNonCurrentLiabilities;

/** Operating income of a period's flows. */
export const operatingIncomeOf = (f: Flows): number =>
  f.revenue -
  f.costOfRevenue -
  f.researchAndDevelopment -
  f.sellingGeneralAndAdministrative -
  f.otherExpenses;

export const netIncomeOf = (f: Flows): number =>
  operatingIncomeOf(f) + f.interestIncome - f.interestExpense + f.otherNonOperating - f.incomeTax;

const round = Math.round;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Annual revenue path (floats, one per year from the opening year), scaled to latestRevenue. */
function revenuePath(rng: Random, input: SimulationInput, growth: number): number[] {
  const { industry, latestFiscalYear, years } = input;
  const firstYear = latestFiscalYear - years; // the opening year
  const cyclical = ['Energy', 'Basic Materials', 'Consumer Cyclical'].includes(industry.sector);
  const covid = industry.covidShock * rng.float(0.6, 1.2);
  const levels: number[] = [];
  let trend = 1;
  for (let year = firstYear; year <= latestFiscalYear; year++) {
    if (year > firstYear) trend *= 1 + growth + rng.normal(0, cyclical ? 0.07 : 0.035);
    const deviation =
      year === 2020
        ? covid
        : year === 2021
          ? covid * rng.float(0.2, 0.5)
          : year === 2022
            ? covid * rng.float(0, 0.15)
            : 0;
    levels.push(Math.max(trend * (1 + deviation), 1e-6));
  }
  const scale = input.latestRevenue / (levels[levels.length - 1] ?? 1);
  return levels.map((level) => level * scale);
}

/** The empty flows record (a literal, so every record shares one fast object shape). */
export function zeroFlows(): Flows {
  return {
    revenue: 0,
    costOfRevenue: 0,
    researchAndDevelopment: 0,
    sellingGeneralAndAdministrative: 0,
    otherExpenses: 0,
    interestIncome: 0,
    interestExpense: 0,
    otherNonOperating: 0,
    depreciationAndAmortization: 0,
    incomeTax: 0,
    stockBasedCompensation: 0,
    changeInWorkingCapital: 0,
    otherNonCashItems: 0,
    capitalExpenditure: 0,
    acquisitions: 0,
    purchasesOfInvestments: 0,
    salesOfInvestments: 0,
    otherInvesting: 0,
    debtRepayment: 0,
    debtIssued: 0,
    stockIssued: 0,
    stockRepurchased: 0,
    dividends: 0,
    forex: 0,
  };
}

/** Sums the flows of consecutive periods (a fiscal year from its quarters). */
export function sumFlows(periods: readonly Flows[]): Flows {
  const total = zeroFlows();
  for (const flows of periods) for (const key of FLOW_KEYS) total[key] += flows[key];
  return total;
}

export function simulateFinancials(rng: Random, input: SimulationInput): FinancialHistory {
  const { industry: ind, locale, traits, years, latestFiscalYear } = input;
  // Banks and insurers have no cost of revenue (FMP reports 0 and grossProfit = revenue).
  const noCostOfRevenue = ind.model === 'bank' || ind.model === 'insurer';

  // Company-level economics, drawn once.
  const grossMargin = rng.between(ind.grossMargin);
  // Negative-equity companies are the cash-rich kind that borrow to pay out (high margins).
  const baseMargin = traits.negativeEquity
    ? Math.max(rng.between(ind.operatingMargin), rng.float(0.15, 0.3))
    : rng.between(ind.operatingMargin);
  const growth =
    rng.between(ind.growth) + (traits.lossMaker ? rng.float(0.05, 0.3) : 0) + rng.normal(0, 0.01);
  const marginStart = traits.lossMaker
    ? ind.name === 'Biotechnology'
      ? -rng.float(0.5, 3)
      : -rng.float(0.08, 0.6)
    : baseMargin;
  const marginEnd = traits.lossMaker
    ? rng.chance(0.35)
      ? rng.float(0.01, baseMargin)
      : marginStart * rng.float(0.2, 0.7)
    : baseMargin + rng.normal(0, 0.02);
  const rdOfOpex = clamp(
    rng.between(ind.rdShare) / Math.max(grossMargin - baseMargin, 0.05),
    0,
    0.75,
  );
  const sbcShare = rng.between(ind.sbcShare);
  const ratio = {
    receivableDays: rng.between(ind.receivableDays),
    inventoryDays: rng.between(ind.inventoryDays),
    payableDays: rng.between(ind.payableDays),
    deferredRevenue: rng.between(ind.deferredRevenueToRevenue),
    otherCurrentAssets: rng.float(0.01, 0.05),
    ppe: rng.between(ind.ppeToRevenue),
    goodwill: rng.chance(0.3) ? 0 : rng.between(ind.goodwillToRevenue),
    longTermInvestments: rng.between(ind.longTermInvestmentsToRevenue),
    otherNonCurrentAssets: rng.float(0.02, 0.08),
    otherCurrentLiabilities: rng.between(ind.otherCurrentLiabilitiesToRevenue),
    otherNonCurrentLiabilities: rng.between(ind.otherNonCurrentLiabilitiesToRevenue),
    cash: rng.between(ind.cashToRevenue),
  };
  const depreciationRate = rng.between(ind.depreciationRate);
  const amortisationRate = rng.float(0.015, 0.04);
  const shortTermInvestmentShare = rng.chance(0.3) ? 0 : rng.float(0.05, 0.6);
  const shortTermDebtShare = rng.float(0.05, 0.3);
  const payoutRatio = traits.negativeEquity ? rng.float(0.6, 0.9) : rng.between(ind.payoutRatio);
  const acquisitionRate = rng.chance(0.3) ? rng.float(0.02, 0.08) : rng.float(0, 0.015);
  const borrowingRate =
    locale.borrowingRate + (traits.highDebt ? 0.02 : 0) + rng.float(-0.005, 0.015);
  const depositRate = Math.max(0.001, locale.depositRate + rng.float(-0.005, 0.005));
  const taxRate = locale.taxRate * rng.float(0.85, 1.1);
  const fxVolatility = locale.country === 'US' ? 0.003 : 0.01;

  const annualRevenue = revenuePath(rng, input, growth);
  const firstYear = latestFiscalYear - years + 1;
  const marginOf = (yearIndex: number) => {
    const t = years > 1 ? yearIndex / (years - 1) : 1;
    const covidHit = firstYear + yearIndex === 2020 ? Math.min(0, ind.covidShock) * 0.3 : 0;
    return marginStart + (marginEnd - marginStart) * t + covidHit + rng.normal(0, 0.015);
  };

  // Opening balance sheet (end of the year before the first fiscal year).
  const revenue0 = annualRevenue[0] ?? input.latestRevenue;
  const cogs0 = revenue0 * (1 - grossMargin);
  const liquidity0 = revenue0 * ratio.cash;
  const shortTermInvestments0 = round(liquidity0 * shortTermInvestmentShare);
  const goodwill0 = revenue0 * ratio.goodwill;
  const opening: Balance = {
    cash: round(liquidity0) - shortTermInvestments0,
    shortTermInvestments: shortTermInvestments0,
    receivables: round((revenue0 * ratio.receivableDays) / 365),
    inventory: round((cogs0 * ratio.inventoryDays) / 365),
    otherCurrentAssets: round(revenue0 * ratio.otherCurrentAssets),
    ppe: round(revenue0 * ratio.ppe),
    goodwill: round(goodwill0 * 0.6),
    intangibles: round(goodwill0 * 0.4),
    longTermInvestments: round(revenue0 * ratio.longTermInvestments),
    otherNonCurrentAssets: round(revenue0 * ratio.otherNonCurrentAssets),
    payables: round((Math.max(cogs0, revenue0 * 0.1) * ratio.payableDays) / 365),
    shortTermDebt: 0,
    taxPayables: round(Math.max(0, revenue0 * marginStart * taxRate * 0.1)),
    deferredRevenue: round(revenue0 * ratio.deferredRevenue),
    otherCurrentLiabilities: round(revenue0 * ratio.otherCurrentLiabilities),
    longTermDebt: 0,
    otherNonCurrentLiabilities: round(revenue0 * ratio.otherNonCurrentLiabilities),
    commonStock: 0,
    retainedEarnings: 0,
    aoci: 0,
    minorityInterest: 0,
  };
  const assets0 = totalAssetsOf(opening);
  const equityShare = traits.negativeEquity
    ? -rng.float(0.05, 0.3)
    : traits.highDebt
      ? rng.float(0.08, 0.22)
      : rng.between(ind.equityShare);
  // Deposits, insurance reserves and other liabilities leave room for equity (and some debt).
  const otherLiabilities0 = opening.otherCurrentLiabilities + opening.otherNonCurrentLiabilities;
  const roomForOthers =
    (1 - Math.max(equityShare, 0)) * assets0 * rng.float(0.8, 0.95) -
    (totalLiabilitiesOf(opening) - otherLiabilities0);
  if (!traits.negativeEquity && otherLiabilities0 > roomForOthers) {
    const scale = Math.max(0, roomForOthers) / otherLiabilities0;
    ratio.otherCurrentLiabilities *= scale;
    ratio.otherNonCurrentLiabilities *= scale;
    opening.otherCurrentLiabilities = round(opening.otherCurrentLiabilities * scale);
    opening.otherNonCurrentLiabilities = round(opening.otherNonCurrentLiabilities * scale);
  }
  const nonDebtLiabilities0 = totalLiabilitiesOf(opening);
  // Debt fills the gap to the equity share, capped at a multiple of EBITDA that the company can
  // service (deposit- and reserve-funded banks and insurers aside).
  const ebitda0 =
    revenue0 * marginStart +
    opening.ppe * depreciationRate * 4 +
    opening.intangibles * amortisationRate * 4;
  const debtCap =
    ebitda0 > 0
      ? ebitda0 *
        (traits.highDebt
          ? rng.float(4.5, 6.5)
          : ind.model === 'reit' || ind.sector === 'Utilities'
            ? rng.float(3.5, 5.5)
            : rng.float(0.5, 3.5))
      : revenue0 * rng.float(0.05, 0.4);
  const gapDebt = Math.max(0, round(assets0 - nonDebtLiabilities0 - equityShare * assets0));
  const debt0 =
    traits.negativeEquity || ind.model === 'bank' || ind.model === 'insurer'
      ? gapDebt
      : Math.min(gapDebt, round(debtCap));
  opening.shortTermDebt = round(debt0 * shortTermDebtShare);
  opening.longTermDebt = debt0 - opening.shortTermDebt;
  const equity0 = assets0 - nonDebtLiabilities0 - debt0;
  opening.minorityInterest =
    equity0 > 0 && rng.chance(0.4) ? round(equity0 * rng.float(0.005, 0.05)) : 0;
  const shareholdersEquity0 = equity0 - opening.minorityInterest;
  opening.aoci = round(Math.abs(shareholdersEquity0) * rng.normal(0, 0.03));
  opening.commonStock = traits.lossMaker
    ? round(Math.max(shareholdersEquity0, 0) * rng.float(1.3, 3) + assets0 * 0.1)
    : shareholdersEquity0 > 0
      ? round(shareholdersEquity0 * rng.float(0.2, 0.7))
      : round(assets0 * rng.float(0.05, 0.2));
  opening.retainedEarnings = shareholdersEquity0 - opening.commonStock - opening.aoci;
  const leverage = debt0 / revenue0;
  const commonStockFloor = Math.max(0, round(opening.commonStock * 0.1));

  const quarters: PeriodRecord[] = [];
  const runRates: number[] = [];
  const recentRevenue = [revenue0 / 4, revenue0 / 4, revenue0 / 4, revenue0 / 4];
  let prev = opening;
  let yearDividend = 0;
  let previousYearNetIncome = revenue0 * marginStart * (1 - taxRate);
  let yearNetIncome = 0;

  for (let y = 0; y < years; y++) {
    const year = firstYear + y;
    const yearRevenue = annualRevenue[y + 1] ?? revenue0;
    const margin = marginOf(y);
    // Dividend policy: a payout of last year's profit, smoothed; cut after a loss.
    if (traits.dividendPayer) {
      const target = payoutRatio * Math.max(0, previousYearNetIncome);
      yearDividend =
        previousYearNetIncome <= 0
          ? yearDividend * rng.float(0, 0.6)
          : yearDividend > 0
            ? clamp(target, yearDividend * 0.9, yearDividend * 1.15)
            : target;
    }
    // Quarter weights: seasonality, noise and growth within the year.
    const weights = ind.seasonality.map(
      (s, q) => s * (1 + rng.normal(0, 0.03)) * (1 + growth) ** ((q - 1.5) / 4),
    );
    const weightSum = weights.reduce((a, b) => a + b, 0);

    for (let q = 0; q < 4; q++) {
      const f = zeroFlows();
      const b: Balance = { ...prev };
      const revenue = Math.max(1, round((yearRevenue * (weights[q] ?? 1)) / weightSum));
      recentRevenue.shift();
      recentRevenue.push(revenue);
      const runRate = recentRevenue.reduce((a, c) => a + c, 0);
      const runRateCost = runRate * (1 - grossMargin);

      // Income statement.
      f.revenue = revenue;
      const quarterGrossMargin = noCostOfRevenue
        ? 1
        : clamp(grossMargin + rng.normal(0, 0.01), 0.02, 0.98);
      f.costOfRevenue = revenue - round(revenue * quarterGrossMargin);
      const grossProfit = revenue - f.costOfRevenue;
      const depreciation = round(prev.ppe * depreciationRate);
      const amortisation = round(prev.intangibles * amortisationRate);
      f.depreciationAndAmortization = depreciation + amortisation;
      const impairment =
        prev.goodwill > 0 && rng.chance(margin < 0 ? 0.03 : 0.006)
          ? round(prev.goodwill * rng.float(0.1, 0.5))
          : 0;
      const operatingTarget = round(revenue * (margin + rng.normal(0, 0.015)));
      const opexTarget = grossProfit - operatingTarget;
      f.researchAndDevelopment = Math.max(
        0,
        round(opexTarget * rdOfOpex * (1 + rng.normal(0, 0.04))),
      );
      const otherOperating = round(revenue * rng.float(0, 0.01));
      f.otherExpenses = otherOperating + impairment;
      f.sellingGeneralAndAdministrative = Math.max(
        round(revenue * 0.02),
        opexTarget - f.researchAndDevelopment - otherOperating,
      );
      f.stockBasedCompensation = Math.max(0, round(revenue * sbcShare * (1 + rng.normal(0, 0.1))));
      const prevDebt = prev.shortTermDebt + prev.longTermDebt;
      f.interestExpense = round(((prevDebt * borrowingRate) / 4) * rng.float(0.9, 1.1));
      f.interestIncome = round(
        (((prev.cash + prev.shortTermInvestments) * depositRate) / 4) * rng.float(0.8, 1.2),
      );
      f.otherNonOperating = round(revenue * rng.normal(0, 0.004));
      const operatingIncome = operatingIncomeOf(f);
      const incomeBeforeTax =
        operatingIncome + f.interestIncome - f.interestExpense + f.otherNonOperating;
      f.incomeTax =
        incomeBeforeTax > 0
          ? round(incomeBeforeTax * taxRate * rng.float(0.85, 1.15))
          : round(incomeBeforeTax * taxRate * rng.float(0, 0.6));
      const netIncome = incomeBeforeTax - f.incomeTax;
      yearNetIncome += netIncome;

      // Working capital and other operating items move towards their revenue-driven targets.
      const noisy = (x: number, sd = 0.05) => Math.max(0, round(x * (1 + rng.normal(0, sd))));
      b.receivables = noisy((runRate * ratio.receivableDays) / 365);
      b.inventory = noisy((runRateCost * ratio.inventoryDays) / 365);
      b.otherCurrentAssets = noisy(runRate * ratio.otherCurrentAssets, 0.08);
      b.payables = noisy((Math.max(runRateCost, runRate * 0.1) * ratio.payableDays) / 365);
      b.taxPayables = Math.max(0, round(f.incomeTax * rng.float(0.3, 1)));
      b.deferredRevenue = noisy(runRate * ratio.deferredRevenue);
      b.otherCurrentLiabilities = noisy(runRate * ratio.otherCurrentLiabilities, 0.04);
      b.otherNonCurrentAssets = noisy(runRate * ratio.otherNonCurrentAssets, 0.03);
      b.otherNonCurrentLiabilities = noisy(runRate * ratio.otherNonCurrentLiabilities, 0.03);
      f.changeInWorkingCapital =
        -(b.receivables - prev.receivables) -
        (b.inventory - prev.inventory) -
        (b.otherCurrentAssets - prev.otherCurrentAssets) +
        (b.payables - prev.payables) +
        (b.taxPayables - prev.taxPayables) +
        (b.deferredRevenue - prev.deferredRevenue) +
        (b.otherCurrentLiabilities - prev.otherCurrentLiabilities);
      f.otherNonCashItems =
        b.otherNonCurrentLiabilities -
        prev.otherNonCurrentLiabilities -
        (b.otherNonCurrentAssets - prev.otherNonCurrentAssets) +
        impairment;
      const operating =
        netIncome +
        f.depreciationAndAmortization +
        f.stockBasedCompensation +
        f.changeInWorkingCapital +
        f.otherNonCashItems;

      // Investing (short-term investments are rebalanced after financing).
      const capex = Math.max(
        0,
        round((depreciation + (ratio.ppe * runRate - prev.ppe) * 0.25) * rng.float(0.85, 1.15)),
      );
      f.capitalExpenditure = -capex;
      b.ppe = prev.ppe - depreciation + capex;
      const acquisition = rng.chance(acquisitionRate) ? round(runRate * rng.float(0.03, 0.3)) : 0;
      const acquiredGoodwill = round(acquisition * rng.float(0.5, 0.7));
      f.acquisitions = -acquisition;
      b.goodwill = prev.goodwill + acquiredGoodwill - impairment;
      b.intangibles = prev.intangibles + (acquisition - acquiredGoodwill) - amortisation;
      const investmentMove = round(
        (ratio.longTermInvestments * runRate - prev.longTermInvestments) * rng.float(0.2, 0.5),
      );
      b.longTermInvestments = prev.longTermInvestments + investmentMove;
      f.otherInvesting = -investmentMove;
      f.forex = round(prev.cash * rng.normal(0, fxVolatility));
      const liquidityBefore =
        prev.cash +
        prev.shortTermInvestments +
        operating +
        f.capitalExpenditure +
        f.acquisitions +
        f.otherInvesting +
        f.forex;

      // Financing: dividends, scheduled repayments, borrowing towards the leverage target,
      // buy-backs from surplus cash, and new debt or equity when liquidity runs short.
      const burn = Math.max(0, -operatingIncome) * 4;
      const cashTarget = runRate * ratio.cash + burn;
      const minLiquidity = Math.max(1000, round(runRate * ratio.cash * 0.5 + burn));
      const dividend = traits.dividendPayer ? round(yearDividend / 4) : 0;
      let repayment = round(prevDebt * rng.float(0.005, 0.03));
      let borrowing = 0;
      if (prevDebt > 0 && rng.chance(0.03)) {
        const refinanced = round((prevDebt - repayment) * rng.float(0.1, 0.3));
        repayment += refinanced;
        borrowing += refinanced;
      }
      const debtTarget = leverage * runRate;
      const debtAfterRepayment = prevDebt - repayment;
      if (debtTarget > debtAfterRepayment) {
        borrowing += round((debtTarget - debtAfterRepayment) * rng.float(0.2, 0.6));
      } else {
        repayment += round((debtAfterRepayment - debtTarget) * rng.float(0.05, 0.25));
      }
      let issued = 0;
      let buyback = 0;
      let liquidity = liquidityBefore - dividend - repayment + borrowing;
      if (traits.buysBack && netIncome > 0 && liquidity > cashTarget) {
        // Buy-backs net against common stock (there is no treasury-stock line); outside the
        // negative-equity companies they stop before common stock falls below a tenth of its
        // opening value.
        const room = traits.negativeEquity
          ? Infinity
          : prev.commonStock + f.stockBasedCompensation - commonStockFloor;
        buyback = Math.max(
          0,
          Math.min(
            room,
            round((liquidity - cashTarget) * (traits.negativeEquity ? 0.8 : rng.float(0.2, 0.6))),
          ),
        );
        liquidity -= buyback;
      }
      if (liquidity < minLiquidity) {
        const need = minLiquidity - liquidity + round(runRate * ratio.cash * rng.float(0.2, 0.6));
        // Loss makers raise equity; others borrow unless already above their leverage target.
        const overLevered = prevDebt - repayment + borrowing > 1.15 * debtTarget + 1;
        if ((traits.lossMaker && rng.chance(0.9)) || (overLevered && rng.chance(0.6))) {
          issued += need;
        } else borrowing += need;
        liquidity += need;
      } else if (liquidity > 1.5 * cashTarget + minLiquidity) {
        // Surplus cash first borrows less this quarter, then repays debt held; the rest goes into
        // long-term investments. Borrowing and repaying the same money in one quarter would show
        // a repayment (and a borrowing) of debt the company never held.
        const surplus = round((liquidity - 1.5 * cashTarget) * rng.float(0.2, 0.5));
        const forgone = Math.min(borrowing, surplus);
        borrowing -= forgone;
        const extra = Math.min(prevDebt - repayment, surplus - forgone);
        repayment += extra;
        const invested = surplus - forgone - extra;
        b.longTermInvestments += invested;
        f.otherInvesting -= invested;
        ratio.longTermInvestments = b.longTermInvestments / runRate;
        liquidity -= surplus;
      }
      f.dividends = -dividend;
      f.debtRepayment = -repayment;
      f.debtIssued = borrowing;
      f.stockIssued = issued;
      f.stockRepurchased = -buyback;
      const debt = prevDebt - repayment + borrowing;
      b.shortTermDebt = round(debt * clamp(shortTermDebtShare + rng.normal(0, 0.02), 0, 1));
      b.longTermDebt = debt - b.shortTermDebt;

      // Split liquidity between cash and short-term investments (gross purchases and maturities).
      const share = clamp(shortTermInvestmentShare * (1 + rng.normal(0, 0.1)), 0, 0.8);
      b.shortTermInvestments = round(liquidity * share);
      b.cash = liquidity - b.shortTermInvestments;
      let maturities = round(prev.shortTermInvestments * rng.float(0.1, 0.5));
      let purchases = b.shortTermInvestments - prev.shortTermInvestments + maturities;
      if (purchases < 0) {
        maturities -= purchases;
        purchases = 0;
      }
      f.purchasesOfInvestments = -purchases;
      f.salesOfInvestments = maturities;

      // Equity: retained earnings roll forward, common stock carries issues, SBC and buy-backs.
      b.retainedEarnings = prev.retainedEarnings + netIncome - dividend;
      b.commonStock = prev.commonStock + f.stockBasedCompensation + issued - buyback;
      b.minorityInterest = prev.minorityInterest;
      b.aoci =
        totalAssetsOf(b) -
        totalLiabilitiesOf(b) -
        b.commonStock -
        b.retainedEarnings -
        b.minorityInterest;

      quarters.push({ year, quarter: q + 1, flows: f, cashBegin: prev.cash, balance: b });
      runRates.push(runRate);
      prev = b;
    }
    previousYearNetIncome = yearNetIncome;
    yearNetIncome = 0;
  }
  return { opening, quarters, runRates };
}

/** A fiscal year's record from its four quarters (oldest first). */
export function annualRecord(quarters: readonly PeriodRecord[]): PeriodRecord {
  const first = quarters[0];
  const last = quarters[quarters.length - 1];
  if (!first || !last) throw new Error('annualRecord needs quarters');
  return {
    year: last.year,
    quarter: 0,
    flows: sumFlows(quarters.map((q) => q.flows)),
    cashBegin: first.cashBegin,
    balance: last.balance,
  };
}
