import {
  KEY_METRICS_TTM_FIELDS,
  RATIOS_TTM_FIELDS,
  type KeyMetricsTtm,
  type RatiosTtm,
} from '@core/market/ratios';
import {
  SHARIAH_STANDARDS,
  type ShariahRatio,
  type ShariahScreen,
  type ShariahStandardResult,
} from '@core/market/shariah';
import type { IdentifiedStatement } from '@core/market/statements';
import type {
  AnalystData,
  CompanyProfile,
  FiscalPeriod,
  Quote,
  StatementKind,
} from '@core/market/types';

/** Test data for the stock page: small, readable, with round numbers to assert on. */

export const PROFILE: CompanyProfile = {
  symbol: 'ACME',
  companyName: 'Acme Corporation',
  isin: 'US0000000001',
  exchange: 'NASDAQ Global Select',
  exchangeShortName: 'NASDAQ',
  currency: 'USD',
  country: 'US',
  sector: 'Technology',
  industry: 'Consumer Electronics',
  description: 'Acme makes everything.\n\nIt has done so since 1949.',
  ceo: 'Wile E. Coyote',
  website: 'https://acme.example',
  fullTimeEmployees: 12_345,
  ipoDate: '1980-12-12',
  address: '1 Desert Road',
  city: 'Phoenix',
  phone: '',
  beta: 1.1,
  sharesOutstanding: 1_000_000_000,
  floatShares: 900_000_000,
  lastDiv: 0.5,
  isEtf: false,
  isActivelyTrading: true,
  price: 150,
  changes: 3,
  mktCap: 150_000_000_000,
  volAvg: 2_000_000,
  range: '100-200',
};

export const QUOTE: Quote = {
  symbol: 'ACME',
  price: 1234.5,
  change: -12.34,
  changesPercentage: -0.9896,
  dayLow: 1220.1,
  dayHigh: 1250,
  yearLow: 900,
  yearHigh: 1300.25,
  open: 1240,
  previousClose: 1246.84,
  volume: 12_345_678,
  avgVolume: 9_876_543.4,
  marketOpen: true,
  timestamp: 1_700_000_000,
};

/** Every field set to its index + 0.5, overridden where a test looks. */
const allFields = <F extends string>(fields: readonly F[]) =>
  Object.fromEntries(fields.map((f, i) => [f, i + 0.5])) as Record<F, number | null>;

export const RATIOS: RatiosTtm & { symbol: string } = {
  ...allFields(RATIOS_TTM_FIELDS),
  symbol: 'ACME',
  peRatioTTM: 24.567,
  currentRatioTTM: 1234.5,
  grossProfitMarginTTM: 0.4321,
  dividendYielTTM: 0.0123,
  priceToBookRatioTTM: null,
};

export const METRICS: KeyMetricsTtm & { symbol: string } = {
  ...allFields(KEY_METRICS_TTM_FIELDS),
  symbol: 'ACME',
  marketCapTTM: 2_345_678_901,
  roicTTM: 0.155,
};

export const ANALYST: AnalystData = {
  symbol: 'ACME',
  ratings: { strongBuy: 5, buy: 10, hold: 3, sell: 1, strongSell: 0 },
  consensus: 'Buy',
  priceTarget: { high: 1500, low: 1000, median: 1300, consensus: 1350, currency: 'USD' },
  grades: [
    {
      date: '2025-06-01',
      gradingCompany: 'Road Runner Research',
      previousGrade: 'Hold',
      newGrade: 'Buy',
      action: 'upgrade',
      priceTarget: 1400,
      priceWhenPosted: 1250,
    },
    {
      date: '2025-01-15',
      gradingCompany: 'Mesa Capital',
      previousGrade: '',
      newGrade: 'Hold',
      action: 'initiate',
    },
  ],
};

const ratio = (overrides: Partial<ShariahRatio>): ShariahRatio => ({
  name: 'interest-bearing-debt',
  numerator: 1,
  denominator: 10,
  denominatorBasis: 'market-cap',
  value: 0.1,
  threshold: 0.3,
  comparison: '<=',
  passes: true,
  missing: [],
  ...overrides,
});

const result = (
  standard: ShariahStandardResult['standard'],
  overrides: Partial<ShariahStandardResult> = {},
): ShariahStandardResult => ({
  standard,
  ratios: [
    ratio({}),
    ratio({
      name: 'non-permissible-revenue',
      denominatorBasis: 'total-revenue',
      value: 0.02,
      threshold: 0.05,
    }),
  ],
  activityPasses: true,
  verdict: 'compliant',
  purificationPercent: 2,
  asOf: '2025-06-30',
  ...overrides,
});

/** All six standards: AAOIFI fails its debt ratio, MSCI lacks a value, the rest pass. */
export const SHARIAH: ShariahScreen & { symbol: string } = {
  symbol: 'ACME',
  overall: 'questionable',
  asOf: '2025-06-30',
  results: SHARIAH_STANDARDS.map((standard) =>
    standard === 'aaoifi'
      ? result(standard, {
          verdict: 'non-compliant',
          ratios: [ratio({ value: 0.4567, passes: false })],
          purificationPercent: 4.25,
        })
      : standard === 'msci'
        ? result(standard, {
            verdict: 'questionable',
            ratios: [
              ratio({
                name: 'receivables-and-cash',
                denominatorBasis: 'total-assets',
                value: null,
                threshold: 0.3333,
                passes: null,
                missing: ['total-assets'],
              }),
            ],
          })
        : standard === 'sp'
          ? result(standard, {
              ratios: [
                ratio({
                  denominatorBasis: 'average-market-cap-36m',
                  comparison: '<',
                  threshold: 0.33,
                }),
              ],
            })
          : result(standard),
  ),
};

const QUARTERS: Readonly<Record<FiscalPeriod, number>> = {
  FY: 0,
  Q1: 1,
  Q2: 2,
  Q3: 3,
  Q4: 4,
  TTM: 0,
};

/**
 * One statement item with the §3 identity; revenue (and every balance/cash line read by tests)
 * comes from `amount`.
 */
export function statementItem(
  kind: StatementKind,
  period: FiscalPeriod,
  year: number,
  amount: number,
): IdentifiedStatement {
  const quarter = QUARTERS[period];
  const date = quarter ? `${year}-${String(quarter * 3).padStart(2, '0')}-30` : `${year}-12-31`;
  return {
    id: period === 'TTM' ? `${kind}-ttm` : `${kind}-${year}-${period}`,
    date,
    symbol: 'ACME',
    reportedCurrency: 'USD',
    fillingDate: date,
    acceptedDate: date,
    calendarYear: String(year),
    period,
    year,
    quarter,
    isAnnual: period === 'FY',
    ...(kind === 'balance' ? {} : { isTTM: period === 'TTM' }),
    revenue: amount,
    costOfRevenue: amount / 2,
    grossProfitRatio: 0.5,
    eps: 1.234,
    totalAssets: amount,
    netIncome: amount / 10,
    freeCashFlow: amount / 5,
  } as unknown as IdentifiedStatement;
}

/**
 * The statement endpoint as the API answers it: `limit` periods newest first (at most `available`),
 * the TTM item first for income and cash flow.
 */
export function statementResponse(url: URL, available = 40): IdentifiedStatement[] {
  const kind: StatementKind = url.pathname.endsWith('balance-sheet-statement')
    ? 'balance'
    : url.pathname.endsWith('cash-flow-statement')
      ? 'cash'
      : 'income';
  const quarterly = url.searchParams.get('period') === 'quarter';
  const limit = Math.min(Number(url.searchParams.get('limit') ?? 8), available);
  const periods = Array.from({ length: limit }, (_, i) =>
    quarterly
      ? statementItem(kind, `Q${4 - (i % 4)}` as FiscalPeriod, 2025 - Math.floor(i / 4), 1e9 + i)
      : statementItem(kind, 'FY', 2025 - i, 1_234_567_890 - i),
  );
  return kind === 'balance' ? periods : [statementItem(kind, 'TTM', 2025, 2e9), ...periods];
}
