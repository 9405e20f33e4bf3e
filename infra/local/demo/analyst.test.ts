import { describe, expect, it } from 'vitest';
import {
  directionAgreesWithUpside,
  gradeDirectionOf,
  ratingAgreesWithUpside,
  upsideOf,
} from '../../../core/market/analyst-direction';
import { analystData, consensusOf } from './analyst';
import { createRandom } from './random';

const ratings = (
  strongBuy: number,
  buy: number,
  hold: number,
  sell: number,
  strongSell: number,
) => ({
  strongBuy,
  buy,
  hold,
  sell,
  strongSell,
});

describe('consensusOf', () => {
  it('maps the mean score (5…1) to a rating', () => {
    expect(consensusOf(ratings(9, 1, 0, 0, 0))).toBe('Strong Buy'); // 4.9
    expect(consensusOf(ratings(1, 1, 0, 0, 0))).toBe('Buy'); // 4.5: a tie goes to the cautious side
    expect(consensusOf(ratings(2, 5, 3, 0, 0))).toBe('Buy'); // 3.9
    expect(consensusOf(ratings(0, 1, 1, 0, 0))).toBe('Hold'); // 3.5
    expect(consensusOf(ratings(0, 2, 6, 2, 0))).toBe('Hold'); // 3.0
    expect(consensusOf(ratings(0, 0, 1, 1, 0))).toBe('Sell'); // 2.5
    expect(consensusOf(ratings(0, 0, 1, 4, 1))).toBe('Sell'); // 2.0
    expect(consensusOf(ratings(0, 0, 0, 1, 3))).toBe('Strong Sell'); // 1.25
    expect(consensusOf(ratings(0, 0, 0, 0, 0))).toBe('Hold');
  });
});

describe('analystData', () => {
  it('keeps targets ordered around the price and grades newest first', () => {
    const rng = createRandom('analyst');
    for (let i = 0; i < 200; i++) {
      const priceAsOf = Math.round(rng.logUniform(1, 5000) * 100) / 100;
      const data = analystData(rng, {
        symbol: 'DEMO',
        currency: 'USD',
        priceAsOf,
        asOf: '2025-12-31',
        tick: 0.01,
        sizeRank: rng.next(),
        revenueGrowth: rng.float(-0.1, 0.3),
        // A market whose close drifts back in time from the consensus day's.
        closeOn: (date) => ({
          date,
          close:
            Math.round(
              priceAsOf * (1 + (Date.parse('2025-12-31') - Date.parse(date)) / 4e11) * 100,
            ) / 100,
        }),
      });
      const { high, low, median, consensus } = data.priceTarget;
      expect(high).toBeGreaterThanOrEqual(median);
      expect(median).toBeGreaterThanOrEqual(low);
      expect(consensus).toBeGreaterThanOrEqual(low);
      expect(consensus).toBeLessThanOrEqual(high);
      expect(low).toBeGreaterThanOrEqual(priceAsOf * 0.6 - 0.01);
      expect(high).toBeLessThanOrEqual(priceAsOf * 1.6 + 0.01);
      expect(data.consensus).toBe(consensusOf(data.ratings));
      // The mean target points the consensus's way against the close it was set on.
      expect(ratingAgreesWithUpside(data.consensus, consensus / priceAsOf - 1)).toBe(true);
      expect(data.asOf).toBe('2025-12-31');
      expect(data.grades.length).toBeGreaterThanOrEqual(5);
      expect(data.grades.length).toBeLessThanOrEqual(15);
      const dates = data.grades.map((g) => g.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(dates.every((date) => date <= '2025-12-31')).toBe(true);
      for (const g of data.grades) {
        // Each grade's target points its grade's way against the close of its own day.
        const upside = upsideOf(g.priceTarget!, g.priceWhenPosted!);
        expect(g.priceWhenPosted).toBe(
          Math.round(
            priceAsOf * (1 + (Date.parse('2025-12-31') - Date.parse(g.date)) / 4e11) * 100,
          ) / 100,
        );
        expect(directionAgreesWithUpside(gradeDirectionOf(g.newGrade)!, upside!), g.newGrade).toBe(
          true,
        );
      }
    }
  });
});
