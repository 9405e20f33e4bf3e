import {
  earningsSurprise,
  type CalendarEvent,
  type DividendEvent,
  type EarningsEvent,
  type SplitEvent,
} from '../../../core/market/calendar';
import { dateOfDayNumber, dayNumberOf, weekdayOf } from '../../../core/day-numbers';
import { filingDeadlineOf } from '../../../core/market/filing-lag';
import type { CashFlowStatement, IncomeStatement } from '../../../core/market/types';
import { createRandom, type Random } from './random';
import { addDays, nextWeekday, periodEnd, round2 } from './statements';

/**
 * The demo universe's corporate calendar, derived from each company's quarterly statements so the
 * two always agree:
 * - one earnings event per quarter, on the day its statements were filed, reporting the quarter's
 *   EPS against a simulated analysts' estimate; then the next quarters' expected dates (the same
 *   lag as a year before) with an estimate only. The first of them is not out on the universe's
 *   anchor day (core/market/filing-lag), so it is expected no earlier than its filing deadline:
 *   past reports lie before the anchor, expected ones after it;
 * - one dividend per quarter in which the cash-flow statement pays one, paid inside that quarter,
 *   per share = dividends paid / the quarter's weighted shares (rounded to 4 decimals); then the
 *   next quarters' at the latest rate;
 * - a few stock splits, all after the next quarter's filing deadline (after the anchor, so no
 *   statement or price history needs restating).
 */

/** What the calendar is derived from: a company's symbol, currency and quarterly statements. */
export interface CalendarSourceCompany {
  readonly symbol: string;
  readonly currency: string;
  /** Newest first. */
  readonly income: readonly IncomeStatement[];
  readonly cash: readonly CashFlowStatement[];
}

/** Quarters after the last reported one that get expected earnings dates and dividends. */
export const PROJECTED_QUARTERS = 4;
/** Dividends are quoted to 4 decimals, so per share × shares matches the cash line to within this. */
export const DIVIDEND_DECIMALS = 4;
export const SPLIT_SHARE = 0.03;

const round4 = (x: number) => Math.round(x * 10 ** DIVIDEND_DECIMALS) / 10 ** DIVIDEND_DECIMALS;

/** The weekday on or before a date. */
function previousWeekday(date: string): string {
  let day = dayNumberOf(date);
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day--;
  return dateOfDayNumber(day);
}

const quarterOf = (s: IncomeStatement): number => Number(s.date.slice(5, 7)) / 3;

/** The quarter after (year, quarter 1–4). */
const nextQuarter = (year: number, quarter: number) =>
  quarter === 4 ? { year: year + 1, quarter: 1 } : { year, quarter: quarter + 1 };

/** A simulated consensus: near the outcome, missing it by a few percent either way. */
function estimateOf(rng: Random, eps: number): number {
  const miss = rng.normal(0.02, 0.06) * Math.max(Math.abs(eps), 0.05);
  return round2(eps - miss);
}

function earningsEvents(rng: Random, c: CalendarSourceCompany): EarningsEvent[] {
  const time = rng.chance(0.5) ? 'bmo' : 'amc';
  const reported = c.income.map((s): EarningsEvent => {
    const epsEstimated = estimateOf(rng, s.eps);
    return {
      kind: 'earnings',
      symbol: c.symbol,
      date: s.fillingDate,
      fiscalDateEnding: s.date,
      time,
      epsEstimated,
      eps: s.eps,
      ...earningsSurprise(s.eps, epsEstimated),
      currency: c.currency,
    };
  });
  const newest = c.income[0];
  if (!newest) return reported;
  const projected: EarningsEvent[] = [];
  let at = { year: Number(newest.date.slice(0, 4)), quarter: quarterOf(newest) };
  for (let i = 0; i < PROJECTED_QUARTERS; i++) {
    at = nextQuarter(at.year, at.quarter);
    const fiscalDateEnding = periodEnd(at.year, at.quarter);
    // The same quarter a year before sets the lag and the base of the estimate.
    const yearBefore = c.income.find((s) => s.date === periodEnd(at.year - 1, at.quarter));
    const lag = yearBefore
      ? dayNumberOf(yearBefore.fillingDate) - dayNumberOf(yearBefore.date)
      : 40;
    const base = yearBefore?.eps ?? newest.eps;
    const usual = nextWeekday(addDays(fiscalDateEnding, lag));
    const deadline = nextWeekday(filingDeadlineOf(at.year, at.quarter));
    projected.push({
      kind: 'earnings',
      symbol: c.symbol,
      date: i === 0 && usual < deadline ? deadline : usual,
      fiscalDateEnding,
      time,
      epsEstimated: round2(base * (1 + rng.float(-0.05, 0.12))),
      eps: null,
      surprise: null,
      surprisePercent: null,
      currency: c.currency,
    });
  }
  return [...projected.reverse(), ...reported];
}

/** A dividend paid inside the quarter ending `quarterEnd`, with its earlier dates. */
function dividendIn(
  rng: Random,
  c: CalendarSourceCompany,
  quarterEnd: string,
  dividend: number,
): DividendEvent {
  const paymentDate = previousWeekday(addDays(quarterEnd, -rng.int(3, 25)));
  const recordDate = previousWeekday(addDays(paymentDate, -rng.int(10, 20)));
  const date = previousWeekday(addDays(recordDate, -1));
  const declarationDate = previousWeekday(addDays(date, -rng.int(14, 30)));
  return {
    kind: 'dividend',
    symbol: c.symbol,
    date,
    declarationDate,
    recordDate,
    paymentDate,
    dividend,
    yield: null,
    frequency: 4,
    currency: c.currency,
  };
}

function dividendEvents(rng: Random, c: CalendarSourceCompany): DividendEvent[] {
  const shares = new Map(c.income.map((s) => [s.date, s.weightedAverageShsOut]));
  const paid = c.cash.filter((s) => s.dividendsPaid < 0 && (shares.get(s.date) ?? 0) > 0);
  // A payment too small to quote per share (under half a ten-thousandth) is no dividend to list.
  const reported = paid
    .map((s) => ({ s, perShare: round4(-s.dividendsPaid / (shares.get(s.date) ?? 1)) }))
    .filter(({ perShare }) => perShare > 0)
    .map(({ s, perShare }) => dividendIn(rng, c, s.date, perShare));
  const newest = c.cash[0];
  const latest = reported[0];
  // Only a company still paying (in its newest quarter) is expected to go on paying.
  if (!newest || !latest || latest.paymentDate! < addDays(newest.date, -92)) return reported;
  const projected: DividendEvent[] = [];
  let at = { year: Number(newest.date.slice(0, 4)), quarter: Number(newest.date.slice(5, 7)) / 3 };
  for (let i = 0; i < PROJECTED_QUARTERS; i++) {
    at = nextQuarter(at.year, at.quarter);
    projected.push(dividendIn(rng, c, periodEnd(at.year, at.quarter), latest.dividend));
  }
  return [...projected.reverse(), ...reported];
}

const SPLIT_RATIOS = [
  [2, 1],
  [3, 1],
  [3, 2],
  [4, 1],
  [1, 10],
] as const;

function splitEvents(rng: Random, c: CalendarSourceCompany): SplitEvent[] {
  const newest = c.income[0];
  if (!newest || !rng.chance(SPLIT_SHARE)) return [];
  const [numerator, denominator] = rng.pick(SPLIT_RATIOS);
  // After the next quarter's filing deadline: after the anchor, and the statements stay as filed.
  const year = Number(newest.date.slice(0, 4));
  const next = nextQuarter(year, quarterOf(newest));
  const date = nextWeekday(addDays(filingDeadlineOf(next.year, next.quarter), rng.int(1, 280)));
  return [{ kind: 'split', symbol: c.symbol, date, numerator, denominator }];
}

/** Every calendar event of one demo company, newest first per kind. Deterministic per symbol. */
export function demoCalendar(company: CalendarSourceCompany): CalendarEvent[] {
  const rng = createRandom(`calendar/${company.symbol}`);
  return [
    ...earningsEvents(rng.fork('earnings'), company),
    ...dividendEvents(rng.fork('dividends'), company),
    ...splitEvents(rng.fork('splits'), company),
  ];
}
