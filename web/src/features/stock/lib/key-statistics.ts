import type { StatFormat } from '@core/format';
import type { KeyMetricsTtm, RatiosTtm, RatiosTtmField } from '@core/market/ratios';

export interface Stat {
  readonly label: string;
  readonly value: (ratios: RatiosTtm, metrics: KeyMetricsTtm) => number | null;
  readonly format: StatFormat;
  /** The ratio shown, where a company type may leave it undefined (core/market/company-type). */
  readonly field?: RatiosTtmField;
}

export interface StatGroup {
  readonly title: string;
  readonly stats: readonly Stat[];
}

/** The TTM figures an investor scans first, grouped as on every serious quote page. */
export const STAT_GROUPS: readonly StatGroup[] = [
  {
    title: 'Valuation',
    stats: [
      { label: 'Market cap', value: (_, m) => m.marketCapTTM, format: 'compact' },
      { label: 'Enterprise value', value: (_, m) => m.enterpriseValueTTM, format: 'compact' },
      { label: 'P/E', value: (r) => r.peRatioTTM, format: 'number' },
      { label: 'P/B', value: (r) => r.priceToBookRatioTTM, format: 'number' },
      { label: 'P/S', value: (r) => r.priceToSalesRatioTTM, format: 'number' },
      { label: 'EV/EBITDA', value: (_, m) => m.enterpriseValueOverEBITDATTM, format: 'number' },
      { label: 'Dividend yield', value: (r) => r.dividendYielTTM, format: 'percent' },
    ],
  },
  {
    title: 'Profitability',
    stats: [
      {
        label: 'Gross margin',
        value: (r) => r.grossProfitMarginTTM,
        format: 'percent',
        field: 'grossProfitMarginTTM',
      },
      { label: 'Operating margin', value: (r) => r.operatingProfitMarginTTM, format: 'percent' },
      { label: 'Net margin', value: (r) => r.netProfitMarginTTM, format: 'percent' },
      { label: 'Return on equity', value: (r) => r.returnOnEquityTTM, format: 'percent' },
      { label: 'Return on assets', value: (r) => r.returnOnAssetsTTM, format: 'percent' },
      { label: 'Return on invested capital', value: (_, m) => m.roicTTM, format: 'percent' },
    ],
  },
  {
    title: 'Liquidity',
    stats: [
      { label: 'Current ratio', value: (r) => r.currentRatioTTM, format: 'number' },
      { label: 'Quick ratio', value: (r) => r.quickRatioTTM, format: 'number' },
      { label: 'Cash ratio', value: (r) => r.cashRatioTTM, format: 'number' },
    ],
  },
  {
    title: 'Leverage',
    stats: [
      { label: 'Debt / equity', value: (r) => r.debtEquityRatioTTM, format: 'number' },
      { label: 'Debt ratio', value: (r) => r.debtRatioTTM, format: 'number' },
      { label: 'Interest coverage', value: (r) => r.interestCoverageTTM, format: 'number' },
    ],
  },
  {
    title: 'Per share',
    stats: [
      // Over today's share count (FMP's figure): the statement's EPS line divides by the
      // period's weighted average, so calling this EPS too showed two EPS that disagree.
      { label: 'Net income', value: (_, m) => m.netIncomePerShareTTM, format: 'number' },
      { label: 'Book value', value: (_, m) => m.bookValuePerShareTTM, format: 'number' },
      { label: 'Revenue', value: (_, m) => m.revenuePerShareTTM, format: 'number' },
      { label: 'Free cash flow', value: (_, m) => m.freeCashFlowPerShareTTM, format: 'number' },
      { label: 'Dividend', value: (r) => r.dividendPerShareTTM, format: 'number' },
    ],
  },
];
