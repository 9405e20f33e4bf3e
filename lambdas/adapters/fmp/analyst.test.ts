import { describe, expect, it } from 'vitest';
import { analystInputSchema } from '../../../core/curation/analyst';
import { toGrades, withFirmTargets } from './analyst';
import { firmTargetsSchema, gradesSchema } from './company-schemas';

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

/** One row of /v4/price-target?symbol=AAPL as FMP answers it. */
const news = (
  firm: string | null,
  publishedDate: string,
  priceTarget: number | null,
  close = 0,
) => ({
  symbol: 'AAPL',
  publishedDate,
  newsURL: 'https://example.com/n',
  newsTitle: 'A target',
  analystName: 'An Analyst',
  priceTarget,
  adjPriceTarget: priceTarget,
  priceWhenPosted: close,
  newsPublisher: 'Example',
  analystCompany: firm,
});

describe('withFirmTargets (FMP price-target news → each grade’s target)', () => {
  const grades = toGrades(gradesSchema.parse(RECORDED), 20);
  const targets = (rows: unknown[]) =>
    withFirmTargets(grades, firmTargetsSchema.parse(rows)).map((g) => [
      g.gradingCompany,
      g.priceTarget,
      g.priceWhenPosted,
    ]);

  it('gives a grade the target its firm published that day, the latest of the day', () => {
    expect(
      targets([
        news('Broker B', '2024-11-05T09:00:00.000Z', 250),
        news('broker b', '2024-11-05T16:30:00.000Z', 260), // later, the firm's name in lower case
        news('Broker B', '2024-11-04T16:30:00.000Z', 240), // the day before
        news('Broker D', '2024-08-02T08:00:00.000Z', 150), // the day after Broker D's grade
      ]),
    ).toEqual([
      ['Broker B', 260, 222.1],
      ['Broker A', undefined, undefined],
      ['Broker C', undefined, undefined],
      ['Broker D', undefined, undefined],
    ]);
  });

  it("takes the news's close for a grade without one, and never a target or close of 0 or null", () => {
    expect(
      targets([
        news('Broker A', '2024-10-02T11:00:00.000Z', 275, 226.7),
        news('Broker C', '2024-09-12T11:00:00.000Z', 0, 220),
        news('Broker D', '2024-08-01T11:00:00.000Z', null, 210),
        news(null, '2024-08-01T11:00:00.000Z', 200, 210),
      ]),
    ).toEqual([
      ['Broker B', undefined, 222.1],
      ['Broker A', 275, 226.7],
      ['Broker C', undefined, undefined],
      ['Broker D', undefined, undefined],
    ]);
  });

  it('leaves grades as they are without news', () => {
    expect(withFirmTargets(grades, [])).toEqual(grades);
  });
});
