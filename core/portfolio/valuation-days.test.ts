import { describe, expect, it } from 'vitest';
import { dayNumberOf, weekdayOf } from '../day-numbers';
import { valuationDays } from './valuation-days';

describe('valuationDays', () => {
  const days = valuationDays('2019-03-06', '2024-06-26');

  it('starts on the first transaction and ends today', () => {
    expect(days[0]).toBe('2019-03-06');
    expect(days.at(-1)).toBe('2024-06-26');
  });

  it('keeps every weekday of the last year and Fridays before it, with the base days', () => {
    const weekday = (d: string) => weekdayOf(dayNumberOf(d));
    // The base days of 1M (26 May), YTD (31 December) and 3Y (26 June 2021) fall on weekends.
    const lastYear = days.filter((d) => d > '2023-06-26');
    expect(lastYear.filter((d) => weekday(d) === 0 || weekday(d) === 6)).toEqual([
      '2023-12-31',
      '2024-05-26',
    ]);
    // 27 June 2023 to 26 June 2024: 52 weeks and two days, 262 weekdays.
    expect(lastYear).toHaveLength(262 + 2);
    const earlier = days.filter((d) => d > '2019-03-06' && d < '2023-06-26');
    expect(earlier.filter((d) => weekday(d) !== 5)).toEqual(['2021-06-26']);
    expect(days).toContain('2023-06-26');
  });

  it('is ascending with no day twice', () => {
    expect([...new Set(days)].sort()).toEqual(days);
  });
});
