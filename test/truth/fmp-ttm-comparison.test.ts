import { describe, expect, it } from 'vitest';
import {
  computeKeyMetricsTtm,
  computeRatiosTtm,
  type KeyMetricsTtm,
  type RatiosTtm,
  type TtmInputs,
} from '../../core/market/ratios';
import { companyTypeOf } from '../../core/market/company-type';
import { ttmBalanceSheet, ttmCashFlowStatement, ttmIncomeStatement } from '../../core/market/ttm';
import {
  financialScoresSchema,
  profileSchema,
  readFixture,
  sharesFloatSchema,
  stableBalanceSchema,
  stableCashFlowSchema,
  stableIncomeSchema,
  stableTtmSchema,
  toBalanceSheet,
  toCashFlowStatement,
  toIncomeStatement,
} from './fmp-fixtures';

/**
 * Our TTM ratios and key metrics (core/market/ratios.ts over core/market/ttm.ts) against FMP's own
 * /stable/ratios-ttm and /stable/key-metrics-ttm for the same company and day. The fixtures, their
 * sources and dates are in README.md of each company under test/truth/fmp/ (test/truth/fmp/AAPL/README.md); the table of every field with the
 * reasons for the differences is docs/fmp-comparison.md (run with TRUTH_TABLE=1 to print it).
 */

/** Pure statement ratios: the same formula on the same figures, so only rounding may differ. */
const SAME = 0.005;

type Endpoint = 'ratios' | 'metrics';
interface Compared {
  /** Our field, in computeRatiosTtm's (ratios) or computeKeyMetricsTtm's (metrics) answer. */
  readonly ours: `${Endpoint}.${string}`;
  /** FMP's field in /stable/ratios-ttm (ratios) or /stable/key-metrics-ttm (metrics). */
  readonly fmp: `${Endpoint}.${string}`;
  /** Relative tolerance, and why when it is not SAME. */
  readonly tolerance: number;
  readonly why?: string;
}
interface Excluded {
  readonly ours: `${Endpoint}.${string}`;
  readonly fmp?: `${Endpoint}.${string}`;
  /** Why the two are not the same figure, and which a user should trust. */
  readonly why: string;
  /**
   * FMP's definition recomputed from the same fixtures: the difference is then shown to be the
   * definition's and nothing else (checked at SAME).
   */
  readonly fmpDefinition?: (t: TtmFigures) => number | null;
}

interface TtmFigures {
  readonly inputs: TtmInputs;
  readonly quarterEndEquities: readonly number[];
  readonly costOfRevenue: number;
  /** FMP's per-share basis: the latest quarter's weighted average basic shares. */
  readonly latestQuarterShares: number;
}

interface CompanyCase {
  readonly symbol: string;
  readonly compared: readonly Compared[];
  readonly excluded: readonly Excluded[];
}

function load(symbol: string) {
  const income = readFixture(symbol, 'income-statement', stableIncomeSchema).map(toIncomeStatement);
  const balance = readFixture(symbol, 'balance-sheet-statement', stableBalanceSchema).map(
    toBalanceSheet,
  );
  const cash = readFixture(symbol, 'cash-flow-statement', stableCashFlowSchema).map(
    toCashFlowStatement,
  );
  const [profile] = readFixture(symbol, 'profile', profileSchema);
  const [shares] = readFixture(symbol, 'shares-float', sharesFloatSchema);
  const [fmpRatios] = readFixture(symbol, 'ratios-ttm', stableTtmSchema);
  const [fmpMetrics] = readFixture(symbol, 'key-metrics-ttm', stableTtmSchema);
  if (!profile || !shares || !fmpRatios || !fmpMetrics) throw new Error(`${symbol}: empty fixture`);

  // The asset service's composition (AssetService.ttmInputs), on the fixtures.
  const ttmIncome = ttmIncomeStatement(income);
  const ttmBalance = ttmBalanceSheet(balance);
  const ttmCash = ttmCashFlowStatement(cash);
  if (!ttmIncome || !ttmBalance || !ttmCash) throw new Error(`${symbol}: no TTM window`);
  const previousBalance = balance[4];
  const inputs: TtmInputs = {
    income: ttmIncome,
    balance: ttmBalance,
    cash: ttmCash,
    ...(previousBalance ? { previousBalance } : {}),
    price: profile.price,
    priceCurrency: profile.currency,
    sharesOutstanding: shares.outstandingShares,
    dividendPerShare: profile.lastDividend,
    companyType: companyTypeOf(profile),
  };
  const figures: TtmFigures = {
    inputs,
    quarterEndEquities: balance.slice(0, 4).map((sheet) => sheet.totalStockholdersEquity),
    costOfRevenue: ttmIncome.costOfRevenue,
    latestQuarterShares: income[0]?.weightedAverageShsOut ?? Number.NaN,
  };
  return {
    figures,
    ours: { ratios: computeRatiosTtm(inputs), metrics: computeKeyMetricsTtm(inputs) },
    fmp: { ratios: fmpRatios, metrics: fmpMetrics },
  };
}

type Loaded = ReturnType<typeof load>;

function pick(
  answers: {
    ratios: RatiosTtm | Record<string, unknown>;
    metrics: KeyMetricsTtm | Record<string, unknown>;
  },
  path: string,
): number | null {
  const [endpoint, field] = path.split('.') as [Endpoint, string];
  const value = (answers[endpoint] as Record<string, unknown>)[field];
  if (value === undefined) throw new Error(`no field ${path}`);
  return typeof value === 'number' ? value : null;
}

/** Relative difference; an absolute one when FMP's value is 0. */
function difference(ours: number, fmp: number): number {
  return fmp === 0 ? Math.abs(ours) : Math.abs(ours - fmp) / Math.abs(fmp);
}

// Ours divides by the shares outstanding on the day (FMP /shares-float), FMP by the latest
// quarter's weighted average basic shares: for AAPL 15,022.1 M against 15,081.7 M, 0.40% apart.
const SHARE_BASIS =
  "per-share figure: ours over the day's shares outstanding, FMP's over the latest quarter's weighted average shares (AAPL: 0.40% apart)";
const ENDING_BALANCE =
  'FMP divides the twelve-month flow by the closing balance; ours by the mean of the closing balance and the one a year earlier (CFA), which matches a flow earned over the same twelve months';
const CAPEX_SIGN =
  'FMP stable states capital expenditure as a positive number; ours keeps the cash-flow sign (negative), as legacy v3 did: same magnitude';

const b = (t: TtmFigures) => t.inputs.balance;
const i = (t: TtmFigures) => t.inputs.income;
const c = (t: TtmFigures) => t.inputs.cash;
const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/** Fields compared the same way for every company (definitions, not figures). */
const COMMON: Pick<CompanyCase, 'compared' | 'excluded'> = {
  compared: [
    { ours: 'ratios.grossProfitMarginTTM', fmp: 'ratios.grossProfitMarginTTM', tolerance: SAME },
    {
      ours: 'ratios.operatingProfitMarginTTM',
      fmp: 'ratios.operatingProfitMarginTTM',
      tolerance: SAME,
    },
    { ours: 'ratios.pretaxProfitMarginTTM', fmp: 'ratios.pretaxProfitMarginTTM', tolerance: SAME },
    { ours: 'ratios.netProfitMarginTTM', fmp: 'ratios.netProfitMarginTTM', tolerance: SAME },
    { ours: 'ratios.effectiveTaxRateTTM', fmp: 'ratios.effectiveTaxRateTTM', tolerance: SAME },
    { ours: 'ratios.currentRatioTTM', fmp: 'ratios.currentRatioTTM', tolerance: SAME },
    { ours: 'ratios.debtEquityRatioTTM', fmp: 'ratios.debtToEquityRatioTTM', tolerance: SAME },
    {
      ours: 'ratios.totalDebtToCapitalizationTTM',
      fmp: 'ratios.debtToCapitalRatioTTM',
      tolerance: SAME,
    },
    {
      ours: 'ratios.longTermDebtToCapitalizationTTM',
      fmp: 'ratios.longTermDebtToCapitalRatioTTM',
      tolerance: SAME,
    },
    {
      ours: 'ratios.companyEquityMultiplierTTM',
      fmp: 'ratios.financialLeverageRatioTTM',
      tolerance: SAME,
    },
    {
      ours: 'ratios.cashFlowToDebtRatioTTM',
      fmp: 'ratios.operatingCashFlowCoverageRatioTTM',
      tolerance: SAME,
    },
    {
      ours: 'ratios.operatingCashFlowSalesRatioTTM',
      fmp: 'ratios.operatingCashFlowSalesRatioTTM',
      tolerance: SAME,
    },
    {
      ours: 'ratios.freeCashFlowOperatingCashFlowRatioTTM',
      fmp: 'ratios.freeCashFlowOperatingCashFlowRatioTTM',
      tolerance: SAME,
    },
    { ours: 'ratios.payoutRatioTTM', fmp: 'ratios.dividendPayoutRatioTTM', tolerance: SAME },
    { ours: 'metrics.debtToAssetsTTM', fmp: 'ratios.debtToAssetsRatioTTM', tolerance: SAME },
    { ours: 'metrics.incomeQualityTTM', fmp: 'metrics.incomeQualityTTM', tolerance: SAME },
    {
      ours: 'metrics.researchAndDevelopementToRevenueTTM',
      fmp: 'metrics.researchAndDevelopementToRevenueTTM',
      tolerance: SAME,
    },
    {
      ours: 'metrics.intangiblesToTotalAssetsTTM',
      fmp: 'metrics.intangiblesToTotalAssetsTTM',
      tolerance: SAME,
    },
    { ours: 'metrics.workingCapitalTTM', fmp: 'metrics.workingCapitalTTM', tolerance: SAME },
    {
      ours: 'metrics.tangibleAssetValueTTM',
      fmp: 'metrics.tangibleAssetValueTTM',
      tolerance: SAME,
    },
    { ours: 'metrics.netDebtToEBITDATTM', fmp: 'metrics.netDebtToEBITDATTM', tolerance: SAME },
    // Price-dependent, at the price and share count of FMP's own sample (README.md).
    { ours: 'metrics.marketCapTTM', fmp: 'metrics.marketCap', tolerance: SAME },
    { ours: 'metrics.enterpriseValueTTM', fmp: 'metrics.enterpriseValueTTM', tolerance: SAME },
    { ours: 'ratios.priceToSalesRatioTTM', fmp: 'ratios.priceToSalesRatioTTM', tolerance: SAME },
    {
      ours: 'ratios.priceToFreeCashFlowsRatioTTM',
      fmp: 'ratios.priceToFreeCashFlowRatioTTM',
      tolerance: SAME,
    },
    {
      ours: 'ratios.enterpriseValueMultipleTTM',
      fmp: 'ratios.enterpriseValueMultipleTTM',
      tolerance: SAME,
    },
    { ours: 'metrics.evToSalesTTM', fmp: 'metrics.evToSalesTTM', tolerance: SAME },
    {
      ours: 'metrics.enterpriseValueOverEBITDATTM',
      fmp: 'metrics.evToEBITDATTM',
      tolerance: SAME,
    },
    {
      ours: 'metrics.evToOperatingCashFlowTTM',
      fmp: 'metrics.evToOperatingCashFlowTTM',
      tolerance: SAME,
    },
    { ours: 'metrics.evToFreeCashFlowTTM', fmp: 'metrics.evToFreeCashFlowTTM', tolerance: SAME },
    { ours: 'metrics.freeCashFlowYieldTTM', fmp: 'metrics.freeCashFlowYieldTTM', tolerance: SAME },
    { ours: 'metrics.debtToMarketCapTTM', fmp: 'ratios.debtToMarketCapTTM', tolerance: SAME },
    { ours: 'ratios.dividendYielTTM', fmp: 'ratios.dividendYieldTTM', tolerance: SAME },
    ...(
      [
        ['metrics.revenuePerShareTTM', 'ratios.revenuePerShareTTM'],
        ['metrics.netIncomePerShareTTM', 'ratios.netIncomePerShareTTM'],
        ['metrics.operatingCashFlowPerShareTTM', 'ratios.operatingCashFlowPerShareTTM'],
        ['metrics.freeCashFlowPerShareTTM', 'ratios.freeCashFlowPerShareTTM'],
        ['metrics.cashPerShareTTM', 'ratios.cashPerShareTTM'],
        ['metrics.bookValuePerShareTTM', 'ratios.bookValuePerShareTTM'],
        ['metrics.tangibleBookValuePerShareTTM', 'ratios.tangibleBookValuePerShareTTM'],
        ['metrics.shareholdersEquityPerShareTTM', 'ratios.shareholdersEquityPerShareTTM'],
        ['metrics.interestDebtPerShareTTM', 'ratios.interestDebtPerShareTTM'],
        // FMP's P/E, P/B, P/OCF and earnings yield are the price over FMP's per-share figures
        // (its P/S and P/FCF are the market cap over the totals, as ours all are).
        ['ratios.peRatioTTM', 'ratios.priceToEarningsRatioTTM'],
        ['ratios.priceToOperatingCashFlowsRatioTTM', 'ratios.priceToOperatingCashFlowRatioTTM'],
        ['ratios.priceToBookRatioTTM', 'ratios.priceToBookRatioTTM'],
        ['metrics.earningsYieldTTM', 'metrics.earningsYieldTTM'],
        // √(22.5 × EPS × BVPS): both per-share figures carry the share basis, the root halves it.
        ['metrics.grahamNumberTTM', 'metrics.grahamNumberTTM'],
      ] as const
    ).map(([ours, fmp]) => ({ ours, fmp, tolerance: SAME, why: SHARE_BASIS })),
  ],
  excluded: [
    {
      ours: 'ratios.quickRatioTTM',
      fmp: 'ratios.quickRatioTTM',
      why: 'FMP: (current assets − inventory) / current liabilities; ours the acid test (cash, short-term investments and receivables), which leaves out prepaid and other current assets a company cannot pay a bill with',
      fmpDefinition: (t) =>
        (b(t).totalCurrentAssets - b(t).inventory) / b(t).totalCurrentLiabilities,
    },
    {
      ours: 'ratios.cashRatioTTM',
      fmp: 'ratios.cashRatioTTM',
      why: 'FMP counts cash and equivalents only; ours adds short-term investments (marketable securities a company sells within days), the usual CFA cash ratio',
      fmpDefinition: (t) => b(t).cashAndCashEquivalents / b(t).totalCurrentLiabilities,
    },
    {
      ours: 'ratios.returnOnAssetsTTM',
      fmp: 'metrics.returnOnAssetsTTM',
      why: ENDING_BALANCE,
      fmpDefinition: (t) => i(t).netIncome / b(t).totalAssets,
    },
    {
      ours: 'metrics.returnOnTangibleAssetsTTM',
      fmp: 'metrics.returnOnTangibleAssetsTTM',
      why: ENDING_BALANCE,
      fmpDefinition: (t) => i(t).netIncome / (b(t).totalAssets - b(t).goodwillAndIntangibleAssets),
    },
    {
      ours: 'ratios.returnOnEquityTTM',
      fmp: 'metrics.returnOnEquityTTM',
      why: "FMP divides by the mean of the four quarter-end equities inside the window; ours by the mean of the closing equity and the one a year earlier. Both are averages over the year; FMP's weights the quarters (AAPL's equity moved with buybacks), ours is the textbook two-point mean",
      fmpDefinition: (t) => i(t).netIncome / mean(t.quarterEndEquities),
    },
    {
      ours: 'ratios.returnOnCapitalEmployedTTM',
      fmp: 'metrics.returnOnCapitalEmployedTTM',
      why: ENDING_BALANCE,
      fmpDefinition: (t) =>
        i(t).operatingIncome / (b(t).totalAssets - b(t).totalCurrentLiabilities),
    },
    ...(
      [
        [
          'ratios.receivablesTurnoverTTM',
          'ratios.receivablesTurnoverTTM',
          (t: TtmFigures) => i(t).revenue / b(t).netReceivables,
        ],
        [
          'ratios.payablesTurnoverTTM',
          'ratios.payablesTurnoverTTM',
          (t: TtmFigures) => t.costOfRevenue / b(t).accountPayables,
        ],
        [
          'ratios.inventoryTurnoverTTM',
          'ratios.inventoryTurnoverTTM',
          (t: TtmFigures) => t.costOfRevenue / b(t).inventory,
        ],
        [
          'ratios.fixedAssetTurnoverTTM',
          'ratios.fixedAssetTurnoverTTM',
          (t: TtmFigures) => i(t).revenue / b(t).propertyPlantEquipmentNet,
        ],
        [
          'ratios.assetTurnoverTTM',
          'ratios.assetTurnoverTTM',
          (t: TtmFigures) => i(t).revenue / b(t).totalAssets,
        ],
        [
          'ratios.daysOfSalesOutstandingTTM',
          'metrics.daysOfSalesOutstandingTTM',
          (t: TtmFigures) => (b(t).netReceivables / i(t).revenue) * 365,
        ],
        [
          'ratios.daysOfInventoryOutstandingTTM',
          'metrics.daysOfInventoryOutstandingTTM',
          (t: TtmFigures) => (b(t).inventory / t.costOfRevenue) * 365,
        ],
        [
          'ratios.daysOfPayablesOutstandingTTM',
          'metrics.daysOfPayablesOutstandingTTM',
          (t: TtmFigures) => (b(t).accountPayables / t.costOfRevenue) * 365,
        ],
        [
          'ratios.cashConversionCycleTTM',
          'metrics.cashConversionCycleTTM',
          (t: TtmFigures) =>
            (b(t).netReceivables / i(t).revenue) * 365 +
            ((b(t).inventory - b(t).accountPayables) / t.costOfRevenue) * 365,
        ],
      ] as const
    ).map(([ours, fmp, fmpDefinition]) => ({ ours, fmp, why: ENDING_BALANCE, fmpDefinition })),
    {
      ours: 'metrics.capexToOperatingCashFlowTTM',
      fmp: 'metrics.capexToOperatingCashFlowTTM',
      why: CAPEX_SIGN,
      fmpDefinition: (t) => -c(t).capitalExpenditure / c(t).operatingCashFlow,
    },
    {
      ours: 'metrics.capexToRevenueTTM',
      fmp: 'metrics.capexToRevenueTTM',
      why: CAPEX_SIGN,
      fmpDefinition: (t) => -c(t).capitalExpenditure / i(t).revenue,
    },
    {
      ours: 'metrics.capexPerShareTTM',
      fmp: 'ratios.capexPerShareTTM',
      why: `${CAPEX_SIGN}; and the share basis`,
      fmpDefinition: (t) => -c(t).capitalExpenditure / t.latestQuarterShares,
    },
    {
      ours: 'ratios.interestCoverageTTM',
      fmp: 'ratios.interestCoverageRatioTTM',
      why: 'a company that reports no interest expense: FMP answers 0 (as if it could not cover its interest), ours null (not meaningful); trust neither number, read the statement',
    },
    {
      ours: 'metrics.investedCapitalTTM',
      fmp: 'metrics.investedCapitalTTM',
      why: "FMP's invested capital is working capital + net PP&E (operating view); ours debt + equity − cash and short-term investments (financing view, Damodaran). The operating view turns negative for a company whose suppliers fund it, as AAPL's do",
      fmpDefinition: (t) =>
        b(t).totalCurrentAssets - b(t).totalCurrentLiabilities + b(t).propertyPlantEquipmentNet,
    },
    {
      ours: 'metrics.roicTTM',
      fmp: 'metrics.returnOnInvestedCapitalTTM',
      why: 'follows from the invested capital above and the averaging; FMP does not state its ROIC formula, so it is not recomputed here',
    },
    {
      ours: 'ratios.priceEarningsToGrowthRatioTTM',
      fmp: 'ratios.priceToEarningsGrowthRatioTTM',
      why: 'needs the EPS of the twelve months before the window (eight quarters); the fixtures carry five',
    },
    {
      ours: 'metrics.ptbRatioTTM',
      why: 'FMP stable has no price-to-tangible-book field (priceToFairValueTTM is P/B)',
    },
  ],
};

const CASES: readonly CompanyCase[] = [{ symbol: 'AAPL', ...COMMON }];

function table(symbol: string, loaded: Loaded, company: CompanyCase): string {
  const format = (value: number | null) =>
    value === null ? 'null' : Math.abs(value) >= 1e6 ? value.toExponential(6) : value.toFixed(6);
  const rows = [
    `| ${symbol} field (ours → FMP) | ours | FMP | difference | tolerance | verdict |`,
    '|---|---|---|---|---|---|',
  ];
  for (const row of company.compared) {
    const ours = pick(loaded.ours, row.ours);
    const fmp = pick(loaded.fmp, row.fmp);
    const diff = ours === null || fmp === null ? null : difference(ours, fmp);
    const verdict = diff !== null && diff <= row.tolerance ? 'agrees' : 'DRIFTS';
    rows.push(
      `| ${row.ours} → ${row.fmp} | ${format(ours)} | ${format(fmp)} | ${diff === null ? '—' : `${(diff * 100).toFixed(3)}%`} | ${(row.tolerance * 100).toFixed(1)}% | ${verdict} |`,
    );
  }
  for (const row of company.excluded) {
    const ours = pick(loaded.ours, row.ours);
    const fmp = row.fmp ? pick(loaded.fmp, row.fmp) : null;
    const diff = ours === null || fmp === null ? null : difference(ours, fmp);
    rows.push(
      `| ${row.ours} → ${row.fmp ?? '—'} | ${format(ours)} | ${format(fmp)} | ${diff === null ? '—' : `${(diff * 100).toFixed(3)}%`} | excluded | definition differs |`,
    );
  }
  return rows.join('\n');
}

describe.each(CASES)(
  '$symbol: our TTM figures against FMP /stable ratios-ttm and key-metrics-ttm',
  (company) => {
    const loaded = load(company.symbol);

    if (process.env['TRUTH_TABLE']) console.log(table(company.symbol, loaded, company));

    it.each(company.compared)('$ours agrees with $fmp', (row) => {
      const ours = pick(loaded.ours, row.ours);
      const fmp = pick(loaded.fmp, row.fmp);
      expect(ours, `${row.ours} is null`).not.toBeNull();
      expect(fmp, `${row.fmp} is null`).not.toBeNull();
      expect(difference(ours!, fmp!)).toBeLessThanOrEqual(row.tolerance);
    });

    it.each(company.excluded.filter((row) => row.fmpDefinition && row.fmp))(
      '$ours differs from $fmp by definition only',
      (row) => {
        const fmp = pick(loaded.fmp, row.fmp!);
        const recomputed = row.fmpDefinition!(loaded.figures);
        expect(fmp).not.toBeNull();
        expect(recomputed).not.toBeNull();
        expect(difference(recomputed!, fmp!)).toBeLessThanOrEqual(SAME);
      },
    );

    it('lists every field of ours once, compared or excluded with a reason', () => {
      const listed = [...company.compared, ...company.excluded].map((row) => row.ours);
      expect(new Set(listed).size).toBe(listed.length);
    });
  },
);

describe('AAPL fixtures: the statements add up to FMP’s own aggregates of the same window', () => {
  const { figures } = load('AAPL');
  const { income, balance } = figures.inputs;
  const [scores] = readFixture('AAPL', 'financial-scores', financialScoresSchema);

  it('TTM revenue, EBIT, total assets and liabilities, working capital', () => {
    expect(income.revenue).toBe(scores?.revenue);
    expect(income.operatingIncome).toBe(scores?.ebit);
    expect(balance.totalAssets).toBe(scores?.totalAssets);
    expect(balance.totalLiabilities).toBe(scores?.totalLiabilities);
    expect(balance.retainedEarnings).toBe(scores?.retainedEarnings);
    expect(balance.totalCurrentAssets - balance.totalCurrentLiabilities).toBe(
      scores?.workingCapital,
    );
  });
});
