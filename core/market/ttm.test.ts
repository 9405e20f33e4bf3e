import { describe, expect, it } from 'vitest';
import {
  incomeRatios,
  lastFourQuarters,
  ttmBalanceSheet,
  ttmCashFlowStatement,
  ttmIncomeStatement,
  ttmStatement,
} from './ttm';
import type { BalanceSheet, CashFlowStatement, FiscalPeriod, IncomeStatement } from './types';

interface QuarterRef {
  readonly date: string;
  readonly calendarYear: string;
  readonly period: FiscalPeriod;
}

// Newest first: FY2024 Q2 back to FY2023 Q2 (calendar quarters).
const REFS: readonly QuarterRef[] = [
  { date: '2024-06-30', calendarYear: '2024', period: 'Q2' },
  { date: '2024-03-31', calendarYear: '2024', period: 'Q1' },
  { date: '2023-12-31', calendarYear: '2023', period: 'Q4' },
  { date: '2023-09-30', calendarYear: '2023', period: 'Q3' },
  { date: '2023-06-30', calendarYear: '2023', period: 'Q2' },
];

function ref(i: number): QuarterRef {
  const r = REFS[i];
  if (r === undefined) throw new Error(`no quarter ${i}`);
  return r;
}

const base = (r: QuarterRef) => ({
  ...r,
  symbol: 'ACME',
  reportedCurrency: 'USD',
  fillingDate: r.date,
  acceptedDate: `${r.date} 16:00:00`,
});

/** A quarter whose flows scale with `k` (1, 2, 3, 4 …), shares with `shares`. */
function incomeQuarter(r: QuarterRef, k: number, shares = 100): IncomeStatement {
  const revenue = 100 * k;
  const costOfRevenue = 60 * k;
  const grossProfit = revenue - costOfRevenue;
  const operatingExpenses = 20 * k;
  const operatingIncome = grossProfit - operatingExpenses;
  const incomeBeforeTax = operatingIncome - k;
  const netIncome = incomeBeforeTax - 3 * k;
  return {
    ...base(r),
    revenue,
    costOfRevenue,
    grossProfit,
    grossProfitRatio: grossProfit / revenue,
    researchAndDevelopmentExpenses: 5 * k,
    sellingGeneralAndAdministrativeExpenses: 15 * k,
    otherExpenses: 0,
    operatingExpenses,
    costAndExpenses: costOfRevenue + operatingExpenses,
    interestIncome: 0,
    interestExpense: k,
    depreciationAndAmortization: 4 * k,
    ebitda: operatingIncome + 4 * k,
    ebitdaratio: (operatingIncome + 4 * k) / revenue,
    operatingIncome,
    operatingIncomeRatio: operatingIncome / revenue,
    totalOtherIncomeExpensesNet: -k,
    incomeBeforeTax,
    incomeBeforeTaxRatio: incomeBeforeTax / revenue,
    incomeTaxExpense: 3 * k,
    netIncome,
    netIncomeRatio: netIncome / revenue,
    eps: netIncome / shares,
    epsdiluted: netIncome / (shares + 10),
    weightedAverageShsOut: shares,
    weightedAverageShsOutDil: shares + 10,
  };
}

function cashQuarter(r: QuarterRef, k: number, beginning: number): CashFlowStatement {
  const operatingCashFlow = 20 * k;
  const capitalExpenditure = -5 * k;
  const investing = capitalExpenditure;
  const financing = -2 * k;
  const netChangeInCash = operatingCashFlow + investing + financing;
  return {
    ...base(r),
    netIncome: 16 * k,
    depreciationAndAmortization: 4 * k,
    stockBasedCompensation: k,
    changeInWorkingCapital: -k,
    otherNonCashItems: 0,
    netCashProvidedByOperatingActivities: operatingCashFlow,
    investmentsInPropertyPlantAndEquipment: capitalExpenditure,
    acquisitionsNet: 0,
    purchasesOfInvestments: 0,
    salesMaturitiesOfInvestments: 0,
    otherInvestingActivites: 0,
    netCashUsedForInvestingActivites: investing,
    debtRepayment: 0,
    commonStockIssued: 0,
    commonStockRepurchased: 0,
    dividendsPaid: financing,
    otherFinancingActivites: 0,
    netCashUsedProvidedByFinancingActivities: financing,
    effectOfForexChangesOnCash: 0,
    netChangeInCash,
    cashAtBeginningOfPeriod: beginning,
    cashAtEndOfPeriod: beginning + netChangeInCash,
    operatingCashFlow,
    capitalExpenditure,
    freeCashFlow: operatingCashFlow + capitalExpenditure,
  };
}

function balanceQuarter(r: QuarterRef, cash: number): BalanceSheet {
  return {
    ...base(r),
    cashAndCashEquivalents: cash,
    shortTermInvestments: 0,
    cashAndShortTermInvestments: cash,
    netReceivables: 10,
    inventory: 10,
    otherCurrentAssets: 0,
    totalCurrentAssets: cash + 20,
    propertyPlantEquipmentNet: 100,
    goodwill: 0,
    intangibleAssets: 0,
    goodwillAndIntangibleAssets: 0,
    longTermInvestments: 0,
    otherNonCurrentAssets: 0,
    totalNonCurrentAssets: 100,
    totalAssets: cash + 120,
    accountPayables: 10,
    shortTermDebt: 0,
    taxPayables: 0,
    deferredRevenue: 0,
    otherCurrentLiabilities: 0,
    totalCurrentLiabilities: 10,
    longTermDebt: 50,
    otherNonCurrentLiabilities: 0,
    totalNonCurrentLiabilities: 50,
    totalLiabilities: 60,
    commonStock: 10,
    retainedEarnings: cash + 50,
    accumulatedOtherComprehensiveIncomeLoss: 0,
    totalStockholdersEquity: cash + 60,
    minorityInterest: 0,
    totalEquity: cash + 60,
    totalLiabilitiesAndStockholdersEquity: cash + 120,
    totalLiabilitiesAndTotalEquity: cash + 120,
    totalInvestments: 0,
    totalDebt: 50,
    netDebt: 50 - cash,
  };
}

// k = 4 for the newest quarter down to 1 for the oldest in the window; shares 100, 100, 120, 80.
const SHARES = [100, 100, 120, 80, 80];
const incomes = REFS.map((r, i) => incomeQuarter(r, 4 - i, SHARES[i]));
// Opening cash chains: each quarter opens with the previous (older) quarter's closing cash.
const cashFlows: CashFlowStatement[] = [];
for (let i = REFS.length - 1, opening = 50; i >= 0; i -= 1) {
  const quarter = cashQuarter(ref(i), Math.max(4 - i, 1), opening);
  cashFlows.unshift(quarter);
  opening = quarter.cashAtEndOfPeriod;
}
const balances = REFS.map((r, i) => balanceQuarter(r, 100 - i * 10));

describe('lastFourQuarters', () => {
  it('returns the first four items when they are consecutive quarters (Q1 follows Q4)', () => {
    expect(lastFourQuarters(incomes)?.map((q) => q.period)).toEqual(['Q2', 'Q1', 'Q4', 'Q3']);
  });

  it('is undefined with fewer than four quarters', () => {
    expect(lastFourQuarters(incomes.slice(0, 3))).toBeUndefined();
    expect(lastFourQuarters([])).toBeUndefined();
  });

  it('is undefined when a quarter is missing from the sequence', () => {
    const gap = [incomes[0], incomes[1], incomes[3], incomes[4]] as IncomeStatement[];
    expect(lastFourQuarters(gap)).toBeUndefined();
  });

  it('is undefined when the fiscal year does not roll back at Q1', () => {
    const wrongYear = incomes.map((q, i) => (i === 2 ? { ...q, calendarYear: '2024' } : q));
    expect(lastFourQuarters(wrongYear)).toBeUndefined();
  });

  it('is undefined when an item is annual or TTM, or the order is oldest first', () => {
    expect(
      lastFourQuarters(incomes.map((q, i) => (i === 1 ? { ...q, period: 'FY' as const } : q))),
    ).toBeUndefined();
    expect(lastFourQuarters(incomes.slice(0, 4).reverse())).toBeUndefined();
  });

  it('is undefined when quarter-end dates are not about three months apart', () => {
    const stale = incomes.map((q, i) => (i === 3 ? { ...q, date: '2022-09-30' } : q));
    expect(lastFourQuarters(stale)).toBeUndefined();
    const badDate = incomes.map((q, i) => (i === 0 ? { ...q, date: '30/06/2024' } : q));
    expect(lastFourQuarters(badDate)).toBeUndefined();
  });

  it('accepts 52/53-week quarters and a 16-week quarter', () => {
    const retail = [
      { ...ref(0), date: '2024-05-12', calendarYear: '2024', period: 'Q3' as const },
      { ...ref(0), date: '2024-02-18', calendarYear: '2024', period: 'Q2' as const },
      { ...ref(0), date: '2023-11-26', calendarYear: '2024', period: 'Q1' as const },
      { ...ref(0), date: '2023-09-03', calendarYear: '2023', period: 'Q4' as const },
    ].map((r) => base(r));
    expect(lastFourQuarters(retail)).toHaveLength(4);
  });

  it('is undefined when the window mixes companies or currencies', () => {
    expect(
      lastFourQuarters(incomes.map((q, i) => (i === 2 ? { ...q, symbol: 'OTHER' } : q))),
    ).toBeUndefined();
    expect(
      lastFourQuarters(incomes.map((q, i) => (i === 2 ? { ...q, reportedCurrency: 'EUR' } : q))),
    ).toBeUndefined();
  });
});

describe('ttmIncomeStatement', () => {
  const ttm = ttmIncomeStatement(incomes);

  it('labels the item TTM with the date and calendar year of the latest quarter', () => {
    expect(ttm?.period).toBe('TTM');
    expect(ttm?.date).toBe('2024-06-30');
    expect(ttm?.calendarYear).toBe('2024');
    expect(ttm?.fillingDate).toBe('2024-06-30');
    expect(ttm?.symbol).toBe('ACME');
  });

  it('sums the flows of the last four quarters only (k = 4 + 3 + 2 + 1 = 10)', () => {
    expect(ttm?.revenue).toBe(1000);
    expect(ttm?.costOfRevenue).toBe(600);
    expect(ttm?.grossProfit).toBe(400);
    expect(ttm?.operatingIncome).toBe(200);
    expect(ttm?.interestExpense).toBe(10);
    expect(ttm?.incomeTaxExpense).toBe(30);
    expect(ttm?.netIncome).toBe(160);
    expect(ttm?.ebitda).toBe(240);
  });

  it('recomputes margins from the sums instead of adding them', () => {
    expect(ttm?.grossProfitRatio).toBeCloseTo(0.4, 12);
    expect(ttm?.ebitdaratio).toBeCloseTo(0.24, 12);
    expect(ttm?.operatingIncomeRatio).toBeCloseTo(0.2, 12);
    expect(ttm?.incomeBeforeTaxRatio).toBeCloseTo(0.19, 12);
    expect(ttm?.netIncomeRatio).toBeCloseTo(0.16, 12);
  });

  it('averages the weighted shares and recomputes EPS from TTM net income', () => {
    expect(ttm?.weightedAverageShsOut).toBe(100); // (100 + 100 + 120 + 80) / 4
    expect(ttm?.weightedAverageShsOutDil).toBe(110);
    expect(ttm?.eps).toBeCloseTo(1.6, 12);
    expect(ttm?.epsdiluted).toBeCloseTo(160 / 110, 12);
  });

  it('reports 0 for ratios over zero revenue and EPS over zero shares, as FMP does', () => {
    const empty = incomes.map((q) => ({ ...q, revenue: 0, weightedAverageShsOut: 0 }));
    const result = ttmIncomeStatement(empty);
    expect(result?.grossProfitRatio).toBe(0);
    expect(result?.eps).toBe(0);
  });

  it('treats extra numeric provider fields as flows', () => {
    const extended = incomes.map((q) => ({ ...q, sellingAndMarketingExpenses: 7 }));
    const result = ttmIncomeStatement(extended) as IncomeStatement & Record<string, unknown>;
    expect(result['sellingAndMarketingExpenses']).toBe(28);
  });

  it('is undefined without four consecutive quarters', () => {
    expect(ttmIncomeStatement(incomes.slice(1, 4))).toBeUndefined();
  });
});

describe('incomeRatios', () => {
  it('gives each margin as its amount over revenue', () => {
    const ratios = incomeRatios({
      revenue: 400,
      grossProfit: 180,
      ebitda: 140,
      operatingIncome: 120,
      incomeBeforeTax: 100,
      netIncome: 80,
    });
    expect(ratios).toEqual({
      grossProfitRatio: 0.45,
      ebitdaratio: 0.35,
      operatingIncomeRatio: 0.3,
      incomeBeforeTaxRatio: 0.25,
      netIncomeRatio: 0.2,
    });
  });

  it('gives 0 without revenue, and for an amount not reported', () => {
    expect(incomeRatios({ revenue: 0, grossProfit: 10 }).grossProfitRatio).toBe(0);
    expect(incomeRatios({ revenue: 10 }).netIncomeRatio).toBe(0);
  });
});

describe('ttmCashFlowStatement', () => {
  const ttm = ttmCashFlowStatement(cashFlows);

  it('sums flows and keeps the window opening and closing cash', () => {
    expect(ttm?.period).toBe('TTM');
    expect(ttm?.date).toBe('2024-06-30');
    expect(ttm?.operatingCashFlow).toBe(200);
    expect(ttm?.capitalExpenditure).toBe(-50);
    expect(ttm?.freeCashFlow).toBe(150);
    expect(ttm?.dividendsPaid).toBe(-20);
    expect(ttm?.netChangeInCash).toBe(130);
    const oldest = cashFlows[3];
    const latest = cashFlows[0];
    expect(ttm?.cashAtBeginningOfPeriod).toBe(oldest?.cashAtBeginningOfPeriod);
    expect(ttm?.cashAtEndOfPeriod).toBe(latest?.cashAtEndOfPeriod);
    expect((ttm?.cashAtBeginningOfPeriod ?? 0) + (ttm?.netChangeInCash ?? 0)).toBe(
      ttm?.cashAtEndOfPeriod,
    );
  });

  it('is undefined without four consecutive quarters', () => {
    expect(ttmCashFlowStatement(cashFlows.slice(0, 3))).toBeUndefined();
  });
});

describe('ttmBalanceSheet', () => {
  it('is the latest quarter relabelled TTM', () => {
    expect(ttmBalanceSheet(balances)).toEqual({ ...balances[0], period: 'TTM' });
  });

  it('is undefined without four consecutive quarters', () => {
    expect(ttmBalanceSheet(balances.slice(0, 2))).toBeUndefined();
  });
});

describe('ttmStatement', () => {
  it('dispatches by statement kind', () => {
    expect(ttmStatement('income', incomes)?.revenue).toBe(1000);
    expect(ttmStatement('cash', cashFlows)?.operatingCashFlow).toBe(200);
    expect(ttmStatement('balance', balances)?.cashAndCashEquivalents).toBe(100);
  });
});
