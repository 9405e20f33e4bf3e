import type { AnalystData } from '../../../core/market/types';
import type { FmpFirmTarget, FmpGrade } from './company-schemas';

type GradeAction = AnalystData['grades'][number]['action'];

/** FMP's action words ('upgrade', 'downgrade', 'init', 'hold', 'maintain', …) to core's four. */
export function gradeAction(action: string): GradeAction {
  const a = action.trim().toLowerCase();
  if (a === 'upgrade' || a === 'downgrade') return a;
  if (a.startsWith('init')) return 'initiate';
  return 'maintain';
}

/**
 * Grades newest first, at most `limit`. FMP's grades carry no close and no target: both come from
 * the firm's price-target news of the day (withFirmTargets), or stay out.
 */
export function toGrades(grades: readonly FmpGrade[], limit: number): AnalystData['grades'] {
  return grades
    .map((g) => ({
      date: g.date.slice(0, 10),
      gradingCompany: g.gradingCompany,
      previousGrade: g.previousGrade ?? '',
      newGrade: g.newGrade,
      action: gradeAction(g.action),
    }))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .slice(0, limit);
}

/** A firm's name as the two endpoints may write it: case, spacing and punctuation aside. */
const firmKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * Grades with the price target their firm published the same day (FMP's price-target news, a
 * separate endpoint from the grades): the page reads each grade's upside from it. Of a firm's
 * targets that day the latest counts. A grade with no such news keeps no target, and one without
 * its day's close takes the news's. FMP's null or 0 for "unknown" is never taken as a price: the
 * page then shows no upside, rather than one against a price of 0.
 */
export function withFirmTargets(
  grades: AnalystData['grades'],
  news: readonly FmpFirmTarget[],
): AnalystData['grades'] {
  const byFirmAndDay = new Map<string, FmpFirmTarget>();
  for (const item of [...news].sort((a, b) => (a.publishedDate < b.publishedDate ? -1 : 1))) {
    if (!item.analystCompany || !item.priceTarget || item.priceTarget <= 0) continue;
    byFirmAndDay.set(`${item.publishedDate.slice(0, 10)} ${firmKey(item.analystCompany)}`, item);
  }
  return grades.map((grade) => {
    const item = byFirmAndDay.get(`${grade.date} ${firmKey(grade.gradingCompany)}`);
    if (!item) return grade;
    const close =
      item.priceWhenPosted && item.priceWhenPosted > 0 ? item.priceWhenPosted : undefined;
    return {
      ...grade,
      priceTarget: item.priceTarget!,
      ...(grade.priceWhenPosted === undefined && close !== undefined
        ? { priceWhenPosted: close }
        : {}),
    };
  });
}
