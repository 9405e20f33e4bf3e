import type { AnalystData, AnalystRating } from './types';

type Ratings = AnalystData['ratings'];
type Grade = AnalystData['grades'][number];
type PriceTarget = AnalystData['priceTarget'];

const RATINGS: readonly AnalystRating[] = ['Strong Buy', 'Buy', 'Hold', 'Sell', 'Strong Sell'];

/**
 * The consensus of a rating distribution: the mean on a 1 (Strong Buy) … 5 (Strong Sell) scale,
 * rounded to the nearest rating (a tie goes to the more cautious one). Undefined when no analyst
 * rates the company. The provider's adapter, the demo universe and the console's check all use
 * this one rule, so a distribution never shows two consensuses.
 */
export function consensusOf(r: Ratings): AnalystRating | undefined {
  const counts = [r.strongBuy, r.buy, r.hold, r.sell, r.strongSell];
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return undefined;
  const mean = counts.reduce((sum, n, i) => sum + n * (i + 1), 0) / total;
  return RATINGS[Math.min(Math.max(Math.round(mean), 1), RATINGS.length) - 1];
}

/**
 * How long a grade's price target counts towards the consensus: analysts' targets are twelve-
 * month targets, and an older one has lapsed whatever the firm said since.
 */
export const TARGET_HORIZON_DAYS = 365;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS;

/**
 * The grades whose targets are current: each firm's latest grade with a target, dated within
 * TARGET_HORIZON_DAYS of the newest grade. The newest grade with a target is always among them.
 */
export function currentGradeTargets(grades: readonly Grade[]): Grade[] {
  const withTargets = grades
    .filter((g) => g.priceTarget !== undefined && g.priceTarget > 0)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const newest = withTargets[0];
  if (!newest) return [];
  const since = dayNumber(newest.date) - TARGET_HORIZON_DAYS;
  const seen = new Set<string>();
  return withTargets.filter((g) => {
    const firm = g.gradingCompany.trim().toLowerCase();
    if (seen.has(firm) || dayNumber(g.date) < since) return false;
    seen.add(firm);
    return true;
  });
}

/**
 * The consensus price targets with their range spanning every current grade's target: the
 * summary (low, mean, median, high) covers all analysts, and the firms whose grades the page
 * lists are among them, so the High is at least the highest current grade target and the Low at
 * most the lowest. The stock page, the API and the demo universe read targets through this rule,
 * so a grade's target never lies outside the range shown beside it.
 */
export function priceTargetOf(target: PriceTarget, grades: readonly Grade[]): PriceTarget {
  const current = currentGradeTargets(grades).map((g) => g.priceTarget!);
  const low = Math.min(target.low, ...current);
  const high = Math.max(target.high, ...current);
  return low === target.low && high === target.high ? target : { ...target, low, high };
}

/** Analyst data with its targets' range as priceTargetOf gives it. */
export function withConsistentTargets(data: AnalystData): AnalystData {
  const priceTarget = priceTargetOf(data.priceTarget, data.grades);
  return priceTarget === data.priceTarget ? data : { ...data, priceTarget };
}

/** The current grades whose target lies outside the consensus range (what the console flags). */
export function gradesOutsideRange(target: PriceTarget, grades: readonly Grade[]): Grade[] {
  return currentGradeTargets(grades).filter(
    (g) => g.priceTarget! < target.low || g.priceTarget! > target.high,
  );
}
