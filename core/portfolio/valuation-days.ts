import { dateOfDayNumber, dayNumberOf, weekdayOf } from '../day-numbers';
import { PERFORMANCE_PERIODS, periodBase } from './performance';

/**
 * The days a portfolio is valued on, ascending: every weekday of the last year, and before it one
 * day a week (Friday), with the first transaction's day, today and each period's base day always
 * in.
 *
 * Why sampled: a daily series of a decade of 200 holdings is 2,600 days × 200 valuations, the most
 * of the summary's time and more points than a chart can draw. Weekly points beyond a year cut it
 * by two thirds while every period still starts from its own base day's close (the days are in),
 * and the periods within a year (1M, YTD, 1Y) keep daily points. The cost: beyond a year, the
 * time-weighted return counts money put in or taken out during a week from that week's start,
 * which moves a 3Y or ALL figure by the week's price move on the money moved only.
 *
 * Calendar weekdays rather than each exchange's sessions: a holiday (or a Friday in Riyadh, whose
 * week runs Sunday to Thursday) values the last close before it, which is what a valuation on that
 * day is.
 */
export function valuationDays(first: string, today: string): string[] {
  const start = dayNumberOf(first);
  const end = dayNumberOf(today);
  const dailyFrom = dayNumberOf(periodBase('1Y', today)!);
  const always = new Set(
    PERFORMANCE_PERIODS.flatMap((p) => periodBase(p, today) ?? []).map(dayNumberOf),
  );
  always.add(start).add(end);
  const days: string[] = [];
  for (let day = start; day <= end; day += 1) {
    const weekday = weekdayOf(day);
    const kept =
      always.has(day) || (weekday !== 0 && weekday !== 6 && (day >= dailyFrom || weekday === 5));
    if (kept) days.push(dateOfDayNumber(day));
  }
  return days;
}
