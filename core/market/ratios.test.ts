import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  KEY_METRICS_TTM_FIELDS,
  RATIOS_TTM_FIELDS,
  computeKeyMetricsTtm,
  computeRatiosTtm,
} from './ratios';
import type { TtmInputs } from './ratios';
import { DEMO_PER_USD } from './fx';
import type { BalanceSheet, CashFlowStatement, IncomeStatement } from './types';

const BASE = {
  date: '2024-06-30',
  symbol: 'ACME',
  reportedCurrency: 'USD',
  fillingDate: '2024-07-30',
  acceptedDate: '2024-07-30 16:00:00',
  calendarYear: '2024',
  period: 'TTM',
} as const;

// A round-number company: revenue 1000, net income 100, equity 500, 100 shares at 20.
const income: IncomeStatement = {
  ...BASE,
  revenue: 1000,
  costOfRevenue: 600,
  grossProfit: 400,
  grossProfitRatio: 0.4,
  researchAndDevelopmentExpenses: 50,
  sellingGeneralAndAdministrativeExpenses: 200,
  otherExpenses: 0,
  operatingExpenses: 250,
  costAndExpenses: 850,
  interestIncome: 0,
  interestExpense: 25,
  depreciationAndAmortization: 50,
  ebitda: 200,
  ebitdaratio: 0.2,
  operatingIncome: 150,
  operatingIncomeRatio: 0.15,
  totalOtherIncomeExpensesNet: -25,
  incomeBeforeTax: 125,
  incomeBeforeTaxRatio: 0.125,
  incomeTaxExpense: 25,
  netIncome: 100,
  netIncomeRatio: 0.1,
  eps: 1,
  epsdiluted: 1,
  weightedAverageShsOut: 100,
  weightedAverageShsOutDil: 100,
};

const balance: BalanceSheet = {
  ...BASE,
  cashAndCashEquivalents: 100,
  shortTermInvestments: 50,
  cashAndShortTermInvestments: 150,
  netReceivables: 100,
  inventory: 60,
  otherCurrentAssets: 40,
  totalCurrentAssets: 350,
  propertyPlantEquipmentNet: 400,
  goodwill: 100,
  intangibleAssets: 50,
  goodwillAndIntangibleAssets: 150,
  longTermInvestments: 50,
  otherNonCurrentAssets: 50,
  totalNonCurrentAssets: 650,
  totalAssets: 1000,
  accountPayables: 30,
  shortTermDebt: 50,
  taxPayables: 20,
  deferredRevenue: 30,
  otherCurrentLiabilities: 70,
  totalCurrentLiabilities: 200,
  longTermDebt: 250,
  otherNonCurrentLiabilities: 50,
  totalNonCurrentLiabilities: 300,
  totalLiabilities: 500,
  commonStock: 100,
  retainedEarnings: 400,
  accumulatedOtherComprehensiveIncomeLoss: 0,
  totalStockholdersEquity: 500,
  minorityInterest: 0,
  totalEquity: 500,
  totalLiabilitiesAndStockholdersEquity: 1000,
  totalLiabilitiesAndTotalEquity: 1000,
  totalInvestments: 100,
  totalDebt: 300,
  netDebt: 200,
};

const cash: CashFlowStatement = {
  ...BASE,
  netIncome: 100,
  depreciationAndAmortization: 50,
  stockBasedCompensation: 10,
  changeInWorkingCapital: -10,
  otherNonCashItems: 0,
  netCashProvidedByOperatingActivities: 150,
  investmentsInPropertyPlantAndEquipment: -50,
  acquisitionsNet: 0,
  purchasesOfInvestments: 0,
  salesMaturitiesOfInvestments: 0,
  otherInvestingActivites: 0,
  netCashUsedForInvestingActivites: -50,
  debtRepayment: 0,
  commonStockIssued: 0,
  commonStockRepurchased: 0,
  dividendsPaid: -40,
  otherFinancingActivites: 0,
  netCashUsedProvidedByFinancingActivities: -40,
  effectOfForexChangesOnCash: 0,
  netChangeInCash: 60,
  cashAtBeginningOfPeriod: 40,
  cashAtEndOfPeriod: 100,
  operatingCashFlow: 150,
  capitalExpenditure: -50,
  freeCashFlow: 100,
};

const inputs: TtmInputs = {
  income,
  balance,
  cash,
  price: 20,
  sharesOutstanding: 100,
  dividendPerShare: 0.4,
  previousEps: 0.8,
};

const ratios = computeRatiosTtm(inputs);
const metrics = computeKeyMetricsTtm(inputs);

describe('computeRatiosTtm — hand-computed example', () => {
  it('returns exactly the FMP /ratios-ttm fields', () => {
    expect(Object.keys(ratios).sort()).toEqual([...RATIOS_TTM_FIELDS].sort());
    expect(ratios).toHaveProperty('dividendYielTTM'); // FMP's spelling
  });

  it('valuation: market cap 2000, EV 2200', () => {
    expect(ratios.peRatioTTM).toBeCloseTo(20, 10); // 2000 / 100
    expect(ratios.priceEarningsRatioTTM).toBeCloseTo(20, 10);
    expect(ratios.priceToSalesRatioTTM).toBeCloseTo(2, 10); // 2000 / 1000
    expect(ratios.priceToBookRatioTTM).toBeCloseTo(4, 10); // 2000 / 500
    expect(ratios.priceBookValueRatioTTM).toBeCloseTo(4, 10);
    expect(ratios.priceToFreeCashFlowsRatioTTM).toBeCloseTo(20, 10); // 2000 / 100
    expect(ratios.priceToOperatingCashFlowsRatioTTM).toBeCloseTo(2000 / 150, 10);
    expect(ratios.enterpriseValueMultipleTTM).toBeCloseTo(11, 10); // (2000 + 300 − 100) / 200
    expect(ratios.priceEarningsToGrowthRatioTTM).toBeCloseTo(0.8, 10); // 20 / 25 % growth
    expect(ratios.dividendYielTTM).toBeCloseTo(0.02, 10); // 0.4 / 20
    expect(ratios.dividendYielPercentageTTM).toBeCloseTo(2, 10);
    expect(ratios.payoutRatioTTM).toBeCloseTo(0.4, 10); // 40 / 100
    expect(ratios.dividendPerShareTTM).toBe(0.4);
  });

  it('profitability: margins over revenue, returns over closing balances', () => {
    expect(ratios.grossProfitMarginTTM).toBeCloseTo(0.4, 10);
    expect(ratios.operatingProfitMarginTTM).toBeCloseTo(0.15, 10);
    expect(ratios.pretaxProfitMarginTTM).toBeCloseTo(0.125, 10);
    expect(ratios.netProfitMarginTTM).toBeCloseTo(0.1, 10);
    expect(ratios.effectiveTaxRateTTM).toBeCloseTo(0.2, 10); // 25 / 125
    expect(ratios.returnOnAssetsTTM).toBeCloseTo(0.1, 10); // 100 / 1000
    expect(ratios.returnOnEquityTTM).toBeCloseTo(0.2, 10); // 100 / 500
    expect(ratios.returnOnCapitalEmployedTTM).toBeCloseTo(0.1875, 10); // 150 / (1000 − 200)
  });

  it('liquidity', () => {
    expect(ratios.currentRatioTTM).toBeCloseTo(1.75, 10); // 350 / 200
    expect(ratios.quickRatioTTM).toBeCloseTo(1.25, 10); // (150 + 100) / 200
    expect(ratios.cashRatioTTM).toBeCloseTo(0.75, 10); // 150 / 200
  });

  it('leverage', () => {
    expect(ratios.debtRatioTTM).toBeCloseTo(0.5, 10); // 500 / 1000
    expect(ratios.debtEquityRatioTTM).toBeCloseTo(0.6, 10); // 300 / 500
    expect(ratios.longTermDebtToCapitalizationTTM).toBeCloseTo(1 / 3, 10); // 250 / 750
    expect(ratios.totalDebtToCapitalizationTTM).toBeCloseTo(0.375, 10); // 300 / 800
    expect(ratios.interestCoverageTTM).toBeCloseTo(6, 10); // 150 / 25
    expect(ratios.cashFlowToDebtRatioTTM).toBeCloseTo(0.5, 10); // 150 / 300
    expect(ratios.companyEquityMultiplierTTM).toBeCloseTo(2, 10); // 1000 / 500
  });

  it('per share and cash-flow ratios', () => {
    expect(ratios.operatingCashFlowPerShareTTM).toBeCloseTo(1.5, 10);
    expect(ratios.freeCashFlowPerShareTTM).toBeCloseTo(1, 10);
    expect(ratios.cashPerShareTTM).toBeCloseTo(1.5, 10);
    expect(ratios.operatingCashFlowSalesRatioTTM).toBeCloseTo(0.15, 10);
    expect(ratios.freeCashFlowOperatingCashFlowRatioTTM).toBeCloseTo(2 / 3, 10);
  });

  it('efficiency: turnovers and days on 365 days', () => {
    expect(ratios.receivablesTurnoverTTM).toBeCloseTo(10, 10); // 1000 / 100
    expect(ratios.payablesTurnoverTTM).toBeCloseTo(20, 10); // 600 / 30
    expect(ratios.inventoryTurnoverTTM).toBeCloseTo(10, 10); // 600 / 60
    expect(ratios.fixedAssetTurnoverTTM).toBeCloseTo(2.5, 10); // 1000 / 400
    expect(ratios.assetTurnoverTTM).toBeCloseTo(1, 10);
    expect(ratios.daysOfSalesOutstandingTTM).toBeCloseTo(36.5, 10);
    expect(ratios.daysOfInventoryOutstandingTTM).toBeCloseTo(36.5, 10);
    expect(ratios.daysOfPayablesOutstandingTTM).toBeCloseTo(18.25, 10);
    expect(ratios.cashConversionCycleTTM).toBeCloseTo(54.75, 10);
  });

  it('averages opening and closing balances when the previous balance sheet is given', () => {
    const previousBalance: BalanceSheet = {
      ...balance,
      totalAssets: 800,
      totalStockholdersEquity: 300,
      netReceivables: 60,
      inventory: 40,
      accountPayables: 10,
    };
    const averaged = computeRatiosTtm({ ...inputs, previousBalance });
    expect(averaged.returnOnAssetsTTM).toBeCloseTo(100 / 900, 10);
    expect(averaged.returnOnEquityTTM).toBeCloseTo(0.25, 10); // 100 / 400
    expect(averaged.receivablesTurnoverTTM).toBeCloseTo(12.5, 10); // 1000 / 80
    expect(averaged.daysOfInventoryOutstandingTTM).toBeCloseTo(30.416666666, 6); // 50 / 600 × 365
    expect(averaged.payablesTurnoverTTM).toBeCloseTo(30, 10); // 600 / 20
  });
});

describe('computeRatiosTtm — not meaningful values are null', () => {
  it('P/E, payout and PEG are null for a loss', () => {
    const loss = computeRatiosTtm({ ...inputs, income: { ...income, netIncome: -10 } });
    expect(loss.peRatioTTM).toBeNull();
    expect(loss.priceEarningsRatioTTM).toBeNull();
    expect(loss.payoutRatioTTM).toBeNull();
    expect(loss.priceEarningsToGrowthRatioTTM).toBeNull();
    expect(loss.netProfitMarginTTM).toBeCloseTo(-0.01, 10); // a negative margin is meaningful
  });

  it('P/B, D/E and ROE are null for negative equity', () => {
    const deficit = computeRatiosTtm({
      ...inputs,
      balance: { ...balance, totalStockholdersEquity: -50 },
    });
    expect(deficit.priceToBookRatioTTM).toBeNull();
    expect(deficit.debtEquityRatioTTM).toBeNull();
    expect(deficit.returnOnEquityTTM).toBeNull();
    expect(deficit.companyEquityMultiplierTTM).toBeNull();
  });

  it('zero denominators give null, not Infinity', () => {
    const empty = computeRatiosTtm({
      ...inputs,
      income: { ...income, revenue: 0, costOfRevenue: 0, interestExpense: 0 },
      balance: { ...balance, totalCurrentLiabilities: 0, inventory: 0 },
      price: 0,
    });
    expect(empty.grossProfitMarginTTM).toBeNull();
    expect(empty.daysOfSalesOutstandingTTM).toBeNull();
    expect(empty.cashConversionCycleTTM).toBeNull();
    expect(empty.interestCoverageTTM).toBeNull();
    expect(empty.currentRatioTTM).toBeNull();
    expect(empty.inventoryTurnoverTTM).toBeNull();
    expect(empty.dividendYielTTM).toBeNull();
    expect(empty.peRatioTTM).toBeNull();
  });

  it('zero inventory gives zero days of inventory but no turnover', () => {
    const noStock = computeRatiosTtm({ ...inputs, balance: { ...balance, inventory: 0 } });
    expect(noStock.daysOfInventoryOutstandingTTM).toBe(0);
    expect(noStock.inventoryTurnoverTTM).toBeNull();
  });

  it('PEG needs a positive previous EPS and positive growth', () => {
    expect(
      computeRatiosTtm({ ...inputs, previousEps: undefined }).priceEarningsToGrowthRatioTTM,
    ).toBeNull();
    expect(
      computeRatiosTtm({ ...inputs, previousEps: -1 }).priceEarningsToGrowthRatioTTM,
    ).toBeNull();
    expect(
      computeRatiosTtm({ ...inputs, previousEps: 1.2 }).priceEarningsToGrowthRatioTTM,
    ).toBeNull();
  });

  it('EV/EBITDA is null for negative EBITDA or a negative enterprise value', () => {
    expect(
      computeRatiosTtm({ ...inputs, income: { ...income, ebitda: -5 } }).enterpriseValueMultipleTTM,
    ).toBeNull();
    expect(
      computeRatiosTtm({ ...inputs, balance: { ...balance, cashAndCashEquivalents: 5000 } })
        .enterpriseValueMultipleTTM,
    ).toBeNull();
  });
});

describe('computeKeyMetricsTtm — hand-computed example', () => {
  it('returns exactly the FMP /key-metrics-ttm fields', () => {
    expect(Object.keys(metrics).sort()).toEqual([...KEY_METRICS_TTM_FIELDS].sort());
    expect(metrics).toHaveProperty('researchAndDevelopementToRevenueTTM'); // FMP's spelling
  });

  it('per share (100 shares)', () => {
    expect(metrics.revenuePerShareTTM).toBeCloseTo(10, 10);
    expect(metrics.netIncomePerShareTTM).toBeCloseTo(1, 10);
    expect(metrics.operatingCashFlowPerShareTTM).toBeCloseTo(1.5, 10);
    expect(metrics.freeCashFlowPerShareTTM).toBeCloseTo(1, 10);
    expect(metrics.cashPerShareTTM).toBeCloseTo(1.5, 10);
    expect(metrics.bookValuePerShareTTM).toBeCloseTo(5, 10);
    expect(metrics.shareholdersEquityPerShareTTM).toBeCloseTo(5, 10);
    expect(metrics.tangibleBookValuePerShareTTM).toBeCloseTo(3.5, 10); // (500 − 150) / 100
    expect(metrics.interestDebtPerShareTTM).toBeCloseTo(3, 10);
    expect(metrics.capexPerShareTTM).toBeCloseTo(-0.5, 10);
    expect(metrics.dividendPerShareTTM).toBe(0.4);
  });

  it('valuation', () => {
    expect(metrics.marketCapTTM).toBe(2000);
    expect(metrics.enterpriseValueTTM).toBe(2200);
    expect(metrics.peRatioTTM).toBeCloseTo(20, 10);
    expect(metrics.priceToSalesRatioTTM).toBeCloseTo(2, 10);
    expect(metrics.pocfratioTTM).toBeCloseTo(2000 / 150, 10);
    expect(metrics.pfcfRatioTTM).toBeCloseTo(20, 10);
    expect(metrics.pbRatioTTM).toBeCloseTo(4, 10);
    expect(metrics.ptbRatioTTM).toBeCloseTo(20 / 3.5, 10);
    expect(metrics.evToSalesTTM).toBeCloseTo(2.2, 10);
    expect(metrics.enterpriseValueOverEBITDATTM).toBeCloseTo(11, 10);
    expect(metrics.evToOperatingCashFlowTTM).toBeCloseTo(2200 / 150, 10);
    expect(metrics.evToFreeCashFlowTTM).toBeCloseTo(22, 10);
    expect(metrics.earningsYieldTTM).toBeCloseTo(0.05, 10);
    expect(metrics.freeCashFlowYieldTTM).toBeCloseTo(0.05, 10);
    expect(metrics.dividendYieldTTM).toBeCloseTo(0.02, 10);
    expect(metrics.payoutRatioTTM).toBeCloseTo(0.4, 10);
    expect(metrics.grahamNumberTTM).toBeCloseTo(Math.sqrt(22.5 * 1 * 5), 10);
  });

  it('leverage and liquidity', () => {
    expect(metrics.debtToEquityTTM).toBeCloseTo(0.6, 10);
    expect(metrics.debtToAssetsTTM).toBeCloseTo(0.3, 10);
    expect(metrics.netDebtToEBITDATTM).toBeCloseTo(1, 10); // (300 − 100) / 200
    expect(metrics.debtToMarketCapTTM).toBeCloseTo(0.15, 10);
    expect(metrics.currentRatioTTM).toBeCloseTo(1.75, 10);
    expect(metrics.interestCoverageTTM).toBeCloseTo(6, 10);
    expect(metrics.workingCapitalTTM).toBe(150);
  });

  it('profitability, quality and capital', () => {
    expect(metrics.roeTTM).toBeCloseTo(0.2, 10);
    // NOPAT 150 × (1 − 0.2) = 120 over invested capital 300 + 500 − 150 = 650.
    expect(metrics.investedCapitalTTM).toBe(650);
    expect(metrics.roicTTM).toBeCloseTo(120 / 650, 10);
    expect(metrics.returnOnTangibleAssetsTTM).toBeCloseTo(100 / 850, 10);
    expect(metrics.tangibleAssetValueTTM).toBe(350); // 1000 − 500 − 150
    expect(metrics.incomeQualityTTM).toBeCloseTo(1.5, 10);
    expect(metrics.researchAndDevelopementToRevenueTTM).toBeCloseTo(0.05, 10);
    expect(metrics.intangiblesToTotalAssetsTTM).toBeCloseTo(0.15, 10);
    expect(metrics.capexToOperatingCashFlowTTM).toBeCloseTo(-1 / 3, 10);
    expect(metrics.capexToRevenueTTM).toBeCloseTo(-0.05, 10);
  });

  it('Graham number and multiples are null when earnings or book value are negative', () => {
    const loss = computeKeyMetricsTtm({
      ...inputs,
      income: { ...income, netIncome: -10, ebitda: -1 },
    });
    expect(loss.grahamNumberTTM).toBeNull();
    expect(loss.peRatioTTM).toBeNull();
    expect(loss.incomeQualityTTM).toBeNull();
    expect(loss.netDebtToEBITDATTM).toBeNull();
    expect(loss.earningsYieldTTM).toBeCloseTo(-0.005, 10);
    const deficit = computeKeyMetricsTtm({
      ...inputs,
      balance: { ...balance, totalStockholdersEquity: -1 },
    });
    expect(deficit.grahamNumberTTM).toBeNull();
    expect(deficit.pbRatioTTM).toBeNull();
    expect(deficit.ptbRatioTTM).toBeNull();
  });

  it('market figures are null without a positive price and share count', () => {
    const noPrice = computeKeyMetricsTtm({ ...inputs, price: Number.NaN, sharesOutstanding: 0 });
    expect(noPrice.marketCapTTM).toBeNull();
    expect(noPrice.enterpriseValueTTM).toBeNull();
    expect(noPrice.revenuePerShareTTM).toBeNull();
    expect(noPrice.workingCapitalTTM).toBe(150);
  });
});

/** Any double, including NaN, ±Infinity, −0 and huge magnitudes. */
const anyNumber = fc.oneof(
  fc.double(),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.constantFrom(0, -0, 1, -1),
);

function numericOverrides<T extends object>(item: T) {
  const keys = Object.keys(item).filter(
    (key) => typeof (item as Record<string, unknown>)[key] === 'number',
  );
  return fc.record(Object.fromEntries(keys.map((key) => [key, anyNumber])));
}

describe('net income per share', () => {
  it("is over today's share count, as FMP's key metrics: the EPS over weighted shares is the statement's", () => {
    // 100 of net income; 101 weighted shares over the year, 100 shares outstanding today.
    const diluted = { ...income, weightedAverageShsOut: 101, eps: 100 / 101 };
    const perShare = computeKeyMetricsTtm({ ...inputs, income: diluted }).netIncomePerShareTTM;
    expect(perShare).toBeCloseTo(100 / inputs.sharesOutstanding, 12);
  });
});

describe('property: every output is a finite number or null', () => {
  const arbitraryInputs = fc
    .record({
      income: numericOverrides(income),
      balance: numericOverrides(balance),
      previous: fc.option(numericOverrides(balance), { nil: undefined }),
      cash: numericOverrides(cash),
      price: anyNumber,
      sharesOutstanding: anyNumber,
      dividendPerShare: anyNumber,
      previousEps: fc.option(anyNumber, { nil: undefined }),
    })
    .map((r): TtmInputs => ({
      income: { ...income, ...r.income },
      balance: { ...balance, ...r.balance },
      previousBalance: r.previous === undefined ? undefined : { ...balance, ...r.previous },
      cash: { ...cash, ...r.cash },
      price: r.price,
      sharesOutstanding: r.sharesOutstanding,
      dividendPerShare: r.dividendPerShare,
      previousEps: r.previousEps,
    }));

  const finiteOrNull = (value: unknown) =>
    value === null || (typeof value === 'number' && Number.isFinite(value));

  it('holds for computeRatiosTtm', () => {
    fc.assert(
      fc.property(arbitraryInputs, (generated) => {
        const result = computeRatiosTtm(generated);
        expect(Object.keys(result)).toHaveLength(RATIOS_TTM_FIELDS.length);
        for (const value of Object.values(result)) expect(finiteOrNull(value)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('holds for computeKeyMetricsTtm', () => {
    fc.assert(
      fc.property(arbitraryInputs, (generated) => {
        const result = computeKeyMetricsTtm(generated);
        expect(Object.keys(result)).toHaveLength(KEY_METRICS_TTM_FIELDS.length);
        for (const value of Object.values(result)) expect(finiteOrNull(value)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('ratios on lines a company type does not have', () => {
  // A bank as FMP reports it: no cost of revenue, so gross profit equals revenue.
  const bank: TtmInputs = {
    ...inputs,
    income: { ...inputs.income, costOfRevenue: 0, grossProfit: 1000, grossProfitRatio: 1 },
    companyType: 'bank',
  };

  it('are null for a bank, never a 100% gross margin', () => {
    const ratios = computeRatiosTtm(bank);
    expect(ratios.grossProfitMarginTTM).toBeNull();
    expect(ratios.inventoryTurnoverTTM).toBeNull();
    expect(ratios.daysOfPayablesOutstandingTTM).toBeNull();
    expect(ratios.cashConversionCycleTTM).toBeNull();
    // Ratios on the lines a bank does have stay.
    expect(ratios.netProfitMarginTTM).toBeCloseTo(0.1);
  });

  it('are kept for a general company', () => {
    expect(computeRatiosTtm({ ...inputs, companyType: 'general' }).grossProfitMarginTTM).toBe(0.4);
  });
});

describe('a listing in another currency than the statements', () => {
  // The round-number company reporting in yen (every amount × 150), its shares listed in US
  // dollars at 20: converted at USD 1 = JPY 150, each price ratio must be the dollar company's.
  const YEN_PER_USD = DEMO_PER_USD.JPY;
  const notAmounts = new Set([
    'eps',
    'epsdiluted',
    'weightedAverageShsOut',
    'weightedAverageShsOutDil',
    'grossProfitRatio',
    'ebitdaratio',
    'operatingIncomeRatio',
    'incomeBeforeTaxRatio',
    'netIncomeRatio',
  ]);
  const inYen = <T extends object>(statement: T): T =>
    Object.fromEntries(
      Object.entries(statement).map(([key, value]) => [
        key,
        key === 'reportedCurrency'
          ? 'JPY'
          : typeof value === 'number' && !notAmounts.has(key)
            ? value * YEN_PER_USD
            : value,
      ]),
    ) as T;
  const adr: TtmInputs = {
    ...inputs,
    income: inYen(income),
    balance: inYen(balance),
    cash: inYen(cash),
    priceCurrency: 'USD',
    rates: DEMO_PER_USD,
  };
  const priceRatios = [
    'peRatioTTM',
    'priceToBookRatioTTM',
    'priceToSalesRatioTTM',
    'priceToFreeCashFlowsRatioTTM',
    'priceToOperatingCashFlowsRatioTTM',
    'enterpriseValueMultipleTTM',
    'dividendYielTTM',
  ] as const;
  const priceMetrics = [
    'pbRatioTTM',
    'ptbRatioTTM',
    'evToSalesTTM',
    'enterpriseValueOverEBITDATTM',
    'earningsYieldTTM',
    'freeCashFlowYieldTTM',
    'debtToMarketCapTTM',
    'dividendYieldTTM',
  ] as const;

  it('converts the price into the reporting currency before any ratio on reported figures', () => {
    const converted = computeRatiosTtm(adr);
    for (const field of priceRatios) expect(converted[field]).toBeCloseTo(ratios[field]!, 9);
    const convertedMetrics = computeKeyMetricsTtm(adr);
    for (const field of priceMetrics) {
      expect(convertedMetrics[field]).toBeCloseTo(metrics[field]!, 9);
    }
    // Market cap and enterprise value are stated in the reporting currency, like the statements.
    expect(convertedMetrics.marketCapTTM).toBeCloseTo(metrics.marketCapTTM! * YEN_PER_USD, 3);
    expect(convertedMetrics.enterpriseValueTTM).toBeCloseTo(
      metrics.enterpriseValueTTM! * YEN_PER_USD,
      3,
    );
  });

  it('gives no price ratio rather than a wrong one when no rate converts the price', () => {
    const { rates: _dropped, ...withoutRates } = adr;
    const unconverted = computeRatiosTtm(withoutRates);
    for (const field of priceRatios.filter((f) => f !== 'dividendYielTTM')) {
      expect(unconverted[field]).toBeNull();
    }
    // The dividend yield sets two listing-currency figures side by side and needs no rate.
    expect(unconverted.dividendYielTTM).toBeCloseTo(0.02);
    // Ratios of reported figures alone do not depend on the price.
    expect(unconverted.netProfitMarginTTM).toBeCloseTo(0.1);
  });

  it('converts through the cross rate when neither currency is the dollar', () => {
    const euroListing = computeRatiosTtm({
      ...adr,
      price: 20 * DEMO_PER_USD.EUR,
      priceCurrency: 'EUR',
      dividendPerShare: 0.4 * DEMO_PER_USD.EUR,
    });
    expect(euroListing.peRatioTTM).toBeCloseTo(ratios.peRatioTTM!, 9);
  });
});
