import { describe, expect, it } from 'vitest';
import { analystInputSchema } from '../../../core/curation/analyst';
import { toGrades } from './analyst';
import { gradesSchema } from './company-schemas';

/** One row of /v4/upgrades-downgrades?symbol=AAPL as FMP answers it (its fields, its nulls). */
const recorded = (firm: string, day: string, fields: Record<string, unknown>) => ({
  symbol: 'AAPL',
  publishedDate: `${day}T08:00:00.000Z`,
  newsURL: `https://example.com/${firm}`,
  newsTitle: `${firm} on Apple`,
  newsBaseURL: 'example.com',
  newsPublisher: 'Example',
  gradingCompany: firm,
  newGrade: 'Buy',
  previousGrade: 'Hold',
  action: 'upgrade',
  ...fields,
});

const RECORDED = [
  recorded('Broker B', '2024-11-05', { newGrade: 'Overweight', priceWhenPosted: 222.1 }),
  recorded('Broker A', '2024-10-02', { previousGrade: null, action: 'init', priceWhenPosted: 0 }),
  recorded('Broker C', '2024-09-12', { newGrade: 'Hold', action: 'hold', priceWhenPosted: null }),
  recorded('Broker D', '2024-08-01', { newGrade: 'Sell', action: 'downgrade' }),
];

describe('toGrades (FMP upgrades-downgrades → core grades)', () => {
  const grades = toGrades(gradesSchema.parse(RECORDED), 20);

  it("keeps the close on the grade's day as priceWhenPosted", () => {
    expect(grades[0]).toMatchObject({
      date: '2024-11-05',
      gradingCompany: 'Broker B',
      newGrade: 'Overweight',
      priceWhenPosted: 222.1,
    });
  });

  it('leaves the price out where FMP has none (0, null or missing), never 0', () => {
    expect(grades.map((g) => [g.gradingCompany, g.action])).toEqual([
      ['Broker B', 'upgrade'],
      ['Broker A', 'initiate'],
      ['Broker C', 'maintain'],
      ['Broker D', 'downgrade'],
    ]);
    for (const grade of grades.slice(1)) expect(grade).not.toHaveProperty('priceWhenPosted');
    // The endpoint has no target per grade: none is made up.
    for (const grade of grades) expect(grade).not.toHaveProperty('priceTarget');
  });

  it('gives grades the curation console can save back unchanged', () => {
    const input = {
      ratings: { strongBuy: 1, buy: 0, hold: 0, sell: 0, strongSell: 0 },
      consensus: 'Strong Buy',
      priceTarget: { low: 1, consensus: 2, median: 2, high: 3, currency: 'USD' },
      grades,
    };
    expect(analystInputSchema.parse(input).grades).toEqual(grades);
  });
});
