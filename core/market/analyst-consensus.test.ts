import { describe, expect, it } from 'vitest';
import {
  consensusOf,
  currentGradeTargets,
  gradesOutsideRange,
  priceTargetOf,
  withConsistentTargets,
} from './analyst-consensus';
import type { AnalystData } from './types';

type Grade = AnalystData['grades'][number];
const grade = (date: string, firm: string, priceTarget?: number): Grade => ({
  date,
  gradingCompany: firm,
  previousGrade: '',
  newGrade: 'Buy',
  action: 'initiate',
  ...(priceTarget === undefined ? {} : { priceTarget, priceWhenPosted: 250 }),
});
const target = { low: 212.7, consensus: 262.24, median: 267.48, high: 297.37, currency: 'USD' };

describe('consensusOf', () => {
  it('rounds the mean rating, a tie to the cautious side', () => {
    const r = (strongBuy: number, buy: number, hold: number, sell: number, strongSell: number) =>
      consensusOf({ strongBuy, buy, hold, sell, strongSell });
    expect(r(9, 1, 0, 0, 0)).toBe('Strong Buy');
    expect(r(1, 1, 0, 0, 0)).toBe('Buy');
    expect(r(0, 1, 1, 0, 0)).toBe('Hold');
    expect(r(0, 0, 1, 1, 0)).toBe('Sell');
    expect(r(0, 0, 0, 1, 3)).toBe('Strong Sell');
    expect(r(0, 0, 0, 0, 0)).toBeUndefined();
  });
});

describe('price targets from the same grades', () => {
  it('counts each firm’s latest target of the last twelve months', () => {
    const grades = [
      grade('2026-11-09', 'Redmarsh Capital', 325.13),
      grade('2026-08-07', 'Larkspur Ridge', 295.89),
      grade('2026-06-04', 'Redmarsh Capital', 211.13), // superseded by the firm's newer one
      grade('2026-03-01', 'Osterlund', undefined), // no target
      grade('2025-10-01', 'Corvane', 150), // lapsed: over a year before the newest
    ];
    expect(currentGradeTargets(grades).map((g) => g.priceTarget)).toEqual([325.13, 295.89]);
  });

  it('widens the range to the newest grade’s target (RSL: 325.13 above a 297.37 high)', () => {
    const grades = [grade('2026-11-09', 'Redmarsh Capital', 325.13)];
    expect(priceTargetOf(target, grades)).toEqual({ ...target, high: 325.13 });
    expect(priceTargetOf(target, [grade('2026-11-09', 'X', 200)])).toEqual({ ...target, low: 200 });
    expect(priceTargetOf(target, [grade('2026-11-09', 'X', 250)])).toBe(target);
    const data: AnalystData = {
      symbol: 'RSL',
      ratings: { strongBuy: 14, buy: 12, hold: 10, sell: 2, strongSell: 0 },
      consensus: 'Buy',
      priceTarget: target,
      grades,
    };
    const shown = withConsistentTargets(data);
    expect(shown.priceTarget.high).toBeGreaterThanOrEqual(grades[0]!.priceTarget!);
    expect(gradesOutsideRange(shown.priceTarget, shown.grades)).toEqual([]);
  });

  it('names the grades outside the range', () => {
    const high410 = { ...target, low: 300, consensus: 350, median: 350, high: 410 };
    const outside = gradesOutsideRange(high410, [
      grade('2026-11-09', 'Redmarsh Capital', 450),
      grade('2026-10-01', 'Larkspur Ridge', 380),
    ]);
    expect(outside.map((g) => g.gradingCompany)).toEqual(['Redmarsh Capital']);
  });
});
