import { dateOfDayNumber, dayNumberOf } from '../day-numbers';

/**
 * When a fiscal period's report is out: the rule the demo universe is anchored by (its statements,
 * analyst history and calendar stop at what was filed on the anchor day). Fiscal year = calendar
 * year. The lags are the outer edge of what listed companies take: the SEC gives large US filers 60
 * days for a 10-K and 40 for a 10-Q, smaller ones 90 and 45, and most other markets allow about
 * the same; a fourth quarter is reported with its annual report.
 */
export const FILING_LAG_DAYS = { annual: 75, quarter: 45 } as const;

/** A fiscal quarter, 1–4. */
export interface FiscalQuarter {
  readonly year: number;
  readonly quarter: number;
}

const QUARTER_END = ['12-31', '03-31', '06-30', '09-30', '12-31'] as const;

/** The last day of a fiscal period: quarter 0 is the whole year (YYYY-12-31). */
export function periodEndOf(year: number, quarter: number): string {
  return `${year}-${QUARTER_END[quarter] ?? '12-31'}`;
}

/** The filing lag of a period: quarter 0 (the year) and Q4 take the annual report's. */
export function filingLagOf(quarter: number): number {
  return quarter === 0 || quarter === 4 ? FILING_LAG_DAYS.annual : FILING_LAG_DAYS.quarter;
}

/** The last day a period's report may be filed: its end plus its lag. */
export function filingDeadlineOf(year: number, quarter: number): string {
  return dateOfDayNumber(dayNumberOf(periodEndOf(year, quarter)) + filingLagOf(quarter));
}

/** Whether a period's report is out on `anchor` (YYYY-MM-DD). */
export function isFiledBy(year: number, quarter: number, anchor: string): boolean {
  return filingDeadlineOf(year, quarter) <= anchor;
}

export interface FiledPeriods {
  /** The latest fiscal year whose annual report is out. */
  readonly fiscalYear: number;
  /** The latest quarter whose report is out (the fiscal year's Q4 or a later quarter). */
  readonly quarter: FiscalQuarter;
}

/** The latest fiscal year and quarter whose reports are out on `anchor` (YYYY-MM-DD). */
export function latestFiledPeriods(anchor: string): FiledPeriods {
  dayNumberOf(anchor); // rejects a malformed date
  const year = Number(anchor.slice(0, 4));
  const fiscalYear = isFiledBy(year - 1, 0, anchor) ? year - 1 : year - 2;
  let quarter: FiscalQuarter = { year: fiscalYear, quarter: 4 };
  for (const q of [3, 2, 1]) {
    if (isFiledBy(fiscalYear + 1, q, anchor)) {
      quarter = { year: fiscalYear + 1, quarter: q };
      break;
    }
  }
  return { fiscalYear, quarter };
}
