import type { Close } from './performance';

/**
 * The days a portfolio is valued on, ascending: every day any of its symbols closed, from its
 * first transaction to today, with those two days always in (transactions before a symbol's first
 * close count on the first day, and today's count on today even before its close).
 *
 * Daily, not sampled: valuing 200 holdings over ten years of trading days is a few hundred
 * thousand additions, well within the summary's budget (bench/portfolio-summary.bench.ts), and
 * a sampled grid would move a period's base day off its close and blur the time-weighted return's
 * flows into the week.
 */
export function valuationDays(
  first: string,
  today: string,
  closes: readonly (readonly Close[])[],
): string[] {
  const days = new Set<string>([first, today]);
  for (const list of closes) {
    for (const { date } of list) if (date > first && date < today) days.add(date);
  }
  return [...days].sort();
}
