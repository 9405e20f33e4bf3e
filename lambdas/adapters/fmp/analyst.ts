import type { AnalystData, AnalystRating } from '../../../core/market/types';
import type { FmpGrade } from './company-schemas';

type Ratings = AnalystData['ratings'];
type GradeAction = AnalystData['grades'][number]['action'];

const RATINGS: readonly AnalystRating[] = ['Strong Buy', 'Buy', 'Hold', 'Sell', 'Strong Sell'];

/**
 * The consensus of a rating distribution: the mean on a 1 (Strong Buy) … 5 (Strong Sell) scale,
 * rounded to the nearest rating. Undefined when no analyst rates the company.
 */
export function consensusOf(r: Ratings): AnalystRating | undefined {
  const counts = [r.strongBuy, r.buy, r.hold, r.sell, r.strongSell];
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return undefined;
  const mean = counts.reduce((sum, n, i) => sum + n * (i + 1), 0) / total;
  return RATINGS[Math.min(Math.round(mean), RATINGS.length) - 1];
}

/** FMP's action words ('upgrade', 'downgrade', 'init', 'hold', 'maintain', …) to core's four. */
export function gradeAction(action: string): GradeAction {
  const a = action.trim().toLowerCase();
  if (a === 'upgrade' || a === 'downgrade') return a;
  if (a.startsWith('init')) return 'initiate';
  return 'maintain';
}

/** Grades newest first, at most `limit`. */
export function toGrades(grades: readonly FmpGrade[], limit: number): AnalystData['grades'] {
  return grades
    .map((g) => ({
      date: g.publishedDate.slice(0, 10),
      gradingCompany: g.gradingCompany,
      previousGrade: g.previousGrade ?? '',
      newGrade: g.newGrade,
      action: gradeAction(g.action),
      // Null, missing and FMP's 0 for "unknown" leave the field out: the page then shows no
      // upside, rather than one against a price of 0.
      ...(g.priceWhenPosted && g.priceWhenPosted > 0 ? { priceWhenPosted: g.priceWhenPosted } : {}),
    }))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .slice(0, limit);
}
