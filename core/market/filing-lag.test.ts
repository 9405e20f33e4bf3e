import { describe, expect, it } from 'vitest';
import {
  FILING_LAG_DAYS,
  filingDeadlineOf,
  isFiledBy,
  latestFiledPeriods,
  periodEndOf,
} from './filing-lag';

describe('filing lag', () => {
  it('files a quarter 45 days and a year (and its Q4) 75 days after the period ends', () => {
    expect(FILING_LAG_DAYS).toEqual({ annual: 75, quarter: 45 });
    expect(filingDeadlineOf(2026, 3)).toBe('2026-11-14');
    expect(filingDeadlineOf(2025, 0)).toBe('2026-03-16');
    expect(filingDeadlineOf(2025, 4)).toBe('2026-03-16');
    expect(periodEndOf(2026, 2)).toBe('2026-06-30');
    expect(isFiledBy(2026, 3, '2026-11-13')).toBe(false);
    expect(isFiledBy(2026, 3, '2026-11-14')).toBe(true);
  });

  it('anchors 2026-11-26 at FY 2025 and Q3 2026 (the issue: not FY/Q4 2025)', () => {
    expect(latestFiledPeriods('2026-11-26')).toEqual({
      fiscalYear: 2025,
      quarter: { year: 2026, quarter: 3 },
    });
  });

  it('waits for the annual report after the year turns', () => {
    // Q4 is filed with the annual report: before mid-March, the latest is the previous Q3.
    const cases: [string, number, number, number][] = [
      ['2026-02-01', 2024, 2025, 3],
      ['2026-03-16', 2025, 2025, 4],
      ['2026-05-14', 2025, 2025, 4],
      ['2026-05-15', 2025, 2026, 1],
    ];
    for (const [anchor, fiscalYear, year, quarter] of cases) {
      expect(latestFiledPeriods(anchor), anchor).toEqual({
        fiscalYear,
        quarter: { year, quarter },
      });
    }
  });

  it('never calls a period filed before its deadline', () => {
    for (let day = 0; day < 800; day += 3) {
      const anchor = new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10);
      const { fiscalYear, quarter } = latestFiledPeriods(anchor);
      expect(isFiledBy(fiscalYear, 0, anchor)).toBe(true);
      expect(isFiledBy(fiscalYear + 1, 0, anchor)).toBe(false);
      expect(isFiledBy(quarter.year, quarter.quarter, anchor)).toBe(true);
      const next =
        quarter.quarter === 4
          ? { year: quarter.year + 1, quarter: 1 }
          : { year: quarter.year, quarter: quarter.quarter + 1 };
      expect(isFiledBy(next.year, next.quarter, anchor)).toBe(false);
    }
  });

  it('rejects a malformed anchor', () => {
    expect(() => latestFiledPeriods('26-11-2026')).toThrow(RangeError);
  });
});
