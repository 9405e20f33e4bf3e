import { dayNumberOf } from '../day-numbers';
import { convertAmount, type Currency, type FxRates } from '../market/fx';
import { SHARIAH_RULES, SHARIAH_STANDARDS, type ShariahStandard } from '../market/shariah';

/**
 * Dividend purification in money: the part of each dividend that stems from the company's
 * non-permissible income, to be given away. Under AAOIFI Shariah Standard No. 21 it is the dividend
 * times the company's non-permissible income share for the period the dividend is paid from; the
 * index standards that screen revenue (S&P, MSCI, FTSE) publish the same dividend ratio, and Al
 * Rajhi's board uses the same share. DJIM screens prohibited business by industry with no revenue
 * tolerance, so it defines no ratio and gets no amount.
 *
 * - The dividend is the gross one (cash received plus tax withheld at source): the company paid it
 *   all out of the same income, so the tax does not make any of it purer.
 * - The period is the latest fiscal period that ended on or before the payment date, and no more
 *   than PERIOD_MAX_AGE_DAYS before it (an older share is not the one the dividend belongs to).
 * - Where the share is unknown the amount is missing and says which input it lacks.
 */

/** The standards that define a dividend purification ratio (those with a revenue screen). */
export const PURIFICATION_STANDARDS: readonly ShariahStandard[] = SHARIAH_STANDARDS.filter(
  (standard) => SHARIAH_RULES[standard].some((r) => r.name === 'non-permissible-revenue'),
);

/** A fiscal year and the months until its dividend is paid: about 18 months. */
export const PERIOD_MAX_AGE_DAYS = 548;

/** A company's non-permissible income share over one fiscal period. */
export interface NonPermissibleShare {
  /** The period's last day, YYYY-MM-DD. */
  readonly periodEnd: string;
  /** Of total revenue, 0..1 (shariah.ts's nonPermissibleShare); null when not known. */
  readonly share: number | null;
}

export interface DividendPaid {
  readonly symbol: string;
  readonly date: string;
  /** Cash received, after tax withheld. */
  readonly amount: number;
  readonly taxWithheld: number;
  readonly currency: Currency;
}

export type PurificationAmount =
  | {
      readonly standard: ShariahStandard;
      /** Gross dividend × share, in the dividend's currency. */
      readonly amount: number;
      readonly share: number;
      readonly periodEnd: string;
    }
  | {
      readonly standard: ShariahStandard;
      /** The input that is missing, in words. */
      readonly missing: string;
    };

export interface DividendPurification {
  readonly dividend: DividendPaid;
  /** Cash received plus tax withheld. */
  readonly gross: number;
  readonly amounts: readonly PurificationAmount[];
}

/** The period a dividend paid on `date` belongs to, from the company's periods (any order). */
export function periodOfDividend(
  periods: readonly NonPermissibleShare[],
  date: string,
): NonPermissibleShare | undefined {
  const paid = dayNumberOf(date);
  let found: NonPermissibleShare | undefined;
  for (const p of periods) {
    const age = paid - dayNumberOf(p.periodEnd);
    if (age < 0 || age > PERIOD_MAX_AGE_DAYS) continue;
    if (!found || p.periodEnd > found.periodEnd) found = p;
  }
  return found;
}

const validShare = (share: number | null): share is number =>
  share !== null && Number.isFinite(share) && share >= 0 && share <= 1;

/**
 * Each dividend's purification under each standard that defines it. `periodsOf` gives a company's
 * shares by fiscal period (the curated revenue split where a reviewer entered one).
 */
export function purifyDividends(
  dividends: readonly DividendPaid[],
  periodsOf: (symbol: string) => readonly NonPermissibleShare[],
): DividendPurification[] {
  return dividends.map((dividend) => {
    const gross = dividend.amount + dividend.taxWithheld;
    const period = periodOfDividend(periodsOf(dividend.symbol), dividend.date);
    const missing = !period
      ? `the non-permissible income share of ${dividend.symbol} for a fiscal period ending on or before ${dividend.date}`
      : `the non-permissible income share of ${dividend.symbol} for the fiscal period ending ${period.periodEnd}`;
    const amounts = PURIFICATION_STANDARDS.map((standard): PurificationAmount =>
      period && validShare(period.share)
        ? {
            standard,
            amount: gross * period.share,
            share: period.share,
            periodEnd: period.periodEnd,
          }
        : { standard, missing },
    );
    return { dividend, gross, amounts };
  });
}

export interface PurificationTotal {
  /** The year (YYYY) or the symbol. */
  readonly key: string;
  readonly standard: ShariahStandard;
  /** In the currency asked for. */
  readonly amount: number;
  /** Dividends left out of the amount because an input is missing. */
  readonly missingInputs: number;
}

/**
 * Totals per year of payment or per holding, per standard, in `currency` at `rates`. A dividend
 * with a missing input is counted apart, so a total never looks complete when it is not.
 */
export function purificationTotals(
  results: readonly DividendPurification[],
  by: 'year' | 'symbol',
  currency: Currency,
  rates: FxRates,
): PurificationTotal[] {
  const totals = new Map<
    string,
    { key: string; standard: ShariahStandard; amount: number; missingInputs: number }
  >();
  for (const { dividend, amounts } of results) {
    const key = by === 'year' ? dividend.date.slice(0, 4) : dividend.symbol;
    for (const a of amounts) {
      const id = `${key}\u0000${a.standard}`;
      const total = totals.get(id) ?? { key, standard: a.standard, amount: 0, missingInputs: 0 };
      if ('amount' in a)
        total.amount += convertAmount(a.amount, dividend.currency, currency, rates);
      else total.missingInputs += 1;
      totals.set(id, total);
    }
  }
  return [...totals.values()].sort(
    (a, b) =>
      a.key.localeCompare(b.key) ||
      SHARIAH_STANDARDS.indexOf(a.standard) - SHARIAH_STANDARDS.indexOf(b.standard),
  );
}
