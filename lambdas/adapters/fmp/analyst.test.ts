import { describe, expect, it } from 'vitest';
import { analystInputSchema } from '../../../core/curation/analyst';
import { toGrades, withFirmTargets } from './analyst';
import { firmTargetsSchema, gradesSchema } from './company-schemas';
import { stableSample } from './testing/stub-fmp-fixtures';

/** One row of /stable/grades?symbol=AAPL as FMP answers it (its fields, its nulls). */
const grade = (firm: string, date: string, fields: Record<string, unknown> = {}) => ({
  symbol: 'AAPL',
  date,
  gradingCompany: firm,
  previousGrade: 'Hold',
  newGrade: 'Buy',
  action: 'upgrade',
  ...fields,
});

const GRADES = [
  grade('Broker D', '2024-08-01', { newGrade: 'Sell', action: 'downgrade' }),
  grade('Broker B', '2024-11-05', { newGrade: 'Overweight' }),
  grade('Broker A', '2024-10-02', { previousGrade: null, action: 'init' }),
  grade('Broker C', '2024-09-12', { newGrade: 'Hold', action: 'hold' }),
];

describe('toGrades (FMP stable grades → core grades)', () => {
  const grades = toGrades(gradesSchema.parse(GRADES), 20);

  it('maps FMP’s documented grade', () => {
    expect(toGrades(gradesSchema.parse(stableSample('grades')), 20)).toEqual([
      {
        date: '2025-01-31',
        gradingCompany: 'Morgan Stanley',
        previousGrade: 'Overweight',
        newGrade: 'Overweight',
        action: 'maintain',
      },
    ]);
  });

  it('orders the grades newest first, a missing previous grade as empty, actions as core’s', () => {
    expect(grades.map((g) => [g.date, g.gradingCompany, g.previousGrade, g.action])).toEqual([
      ['2024-11-05', 'Broker B', 'Hold', 'upgrade'],
      ['2024-10-02', 'Broker A', '', 'initiate'],
      ['2024-09-12', 'Broker C', 'Hold', 'maintain'],
      ['2024-08-01', 'Broker D', 'Hold', 'downgrade'],
    ]);
  });

  it('keeps at most `limit` grades, the newest', () => {
    expect(toGrades(gradesSchema.parse(GRADES), 2).map((g) => g.gradingCompany)).toEqual([
      'Broker B',
      'Broker A',
    ]);
  });

  it('makes up no close and no target: the stable grades carry neither', () => {
    for (const g of grades) {
      expect(g).not.toHaveProperty('priceWhenPosted');
      expect(g).not.toHaveProperty('priceTarget');
    }
  });

  it('gives grades the curation console can save back unchanged', () => {
    const input = {
      ratings: { strongBuy: 1, buy: 0, hold: 0, sell: 0, strongSell: 0 },
      consensus: 'Strong Buy',
      priceTarget: { low: 1, consensus: 2, median: 2, high: 3, currency: 'USD' },
      grades: withFirmTargets(
        grades,
        firmTargetsSchema.parse([news('Broker B', '2024-11-05T09:00:00.000Z', 250, 222.1)]),
      ),
    };
    expect(analystInputSchema.parse(input).grades).toEqual(input.grades);
  });
});

/** One row of /stable/price-target-news?symbol=AAPL as FMP answers it. */
function news(firm: string | null, publishedDate: string, priceTarget: number | null, close = 0) {
  const [documented] = stableSample('price-target-news');
  return {
    ...documented,
    publishedDate,
    priceTarget,
    adjPriceTarget: priceTarget,
    priceWhenPosted: close,
    analystCompany: firm,
  };
}

describe('withFirmTargets (FMP price-target news → each grade’s target)', () => {
  const grades = toGrades(gradesSchema.parse(GRADES), 20);
  const targets = (rows: unknown[]) =>
    withFirmTargets(grades, firmTargetsSchema.parse(rows)).map((g) => [
      g.gradingCompany,
      g.priceTarget,
      g.priceWhenPosted,
    ]);

  it('reads FMP’s documented news item', () => {
    expect(firmTargetsSchema.parse(stableSample('price-target-news'))).toEqual([
      {
        publishedDate: '2025-01-21T01:24:32.000Z',
        analystCompany: 'Jefferies',
        priceTarget: 200.75,
        priceWhenPosted: 229.98,
      },
    ]);
  });

  it('gives a grade the target and close its firm published that day, the latest of the day', () => {
    expect(
      targets([
        news('Broker B', '2024-11-05T09:00:00.000Z', 250, 221),
        news('broker b', '2024-11-05T16:30:00.000Z', 260, 222.1), // later, the name in lower case
        news('Broker B', '2024-11-04T16:30:00.000Z', 240, 219), // the day before
        news('Broker D', '2024-08-02T08:00:00.000Z', 150, 210), // the day after Broker D's grade
      ]),
    ).toEqual([
      ['Broker B', 260, 222.1],
      ['Broker A', undefined, undefined],
      ['Broker C', undefined, undefined],
      ['Broker D', undefined, undefined],
    ]);
  });

  it('never takes a target or close of 0 or null, nor news without a firm', () => {
    expect(
      targets([
        news('Broker A', '2024-10-02T11:00:00.000Z', 275, 0),
        news('Broker C', '2024-09-12T11:00:00.000Z', 0, 220),
        news('Broker D', '2024-08-01T11:00:00.000Z', null, 210),
        news(null, '2024-08-01T11:00:00.000Z', 200, 210),
      ]),
    ).toEqual([
      ['Broker B', undefined, undefined],
      ['Broker A', 275, undefined],
      ['Broker C', undefined, undefined],
      ['Broker D', undefined, undefined],
    ]);
  });

  it('leaves grades as they are without news', () => {
    expect(withFirmTargets(grades, [])).toEqual(grades);
  });
});
