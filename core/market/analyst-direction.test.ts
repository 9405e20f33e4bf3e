import { describe, expect, it } from 'vitest';
import {
  directionAgreesWithUpside,
  directionOf,
  gradeDirectionOf,
  HOLD_UPSIDE_BAND,
  ratingAgreesWithUpside,
  upsideOf,
} from './analyst-direction';

describe('analyst direction', () => {
  it('maps ratings onto directions', () => {
    expect(directionOf('Strong Buy')).toBe('up');
    expect(directionOf('Buy')).toBe('up');
    expect(directionOf('Hold')).toBe('flat');
    expect(directionOf('Sell')).toBe('down');
    expect(directionOf('Strong Sell')).toBe('down');
  });

  it('rejects a Buy whose mean target is below the price (the TAIT report)', () => {
    const upside = upsideOf(177, 438);
    expect(upside).toBeCloseTo(-0.596, 3);
    expect(ratingAgreesWithUpside('Buy', upside ?? 0)).toBe(false);
    expect(ratingAgreesWithUpside('Sell', upside ?? 0)).toBe(true);
    expect(ratingAgreesWithUpside('Hold', upside ?? 0)).toBe(false);
  });

  it('takes a Hold within the band either side', () => {
    expect(ratingAgreesWithUpside('Hold', HOLD_UPSIDE_BAND)).toBe(true);
    expect(ratingAgreesWithUpside('Hold', -HOLD_UPSIDE_BAND)).toBe(true);
    expect(ratingAgreesWithUpside('Hold', HOLD_UPSIDE_BAND + 0.01)).toBe(false);
    expect(ratingAgreesWithUpside('Strong Buy', 0)).toBe(false);
  });

  it('has no upside without a positive price', () => {
    expect(upsideOf(10, 0)).toBeNull();
  });

  it('reads the direction of each broker scale the demo grades use, and no unknown one', () => {
    expect(['Strong Buy', 'Buy', 'Overweight', 'Outperform'].map(gradeDirectionOf)).toEqual([
      'up',
      'up',
      'up',
      'up',
    ]);
    expect(['Hold', 'Neutral', 'Equal-Weight', 'Market Perform'].map(gradeDirectionOf)).toEqual([
      'flat',
      'flat',
      'flat',
      'flat',
    ]);
    expect(['Sell', 'Underweight', 'Underperform', ' underperform '].map(gradeDirectionOf)).toEqual(
      ['down', 'down', 'down', 'down'],
    );
    expect(gradeDirectionOf('Speculative')).toBeNull();
  });

  it("checks a grade's target by its direction, as a consensus's", () => {
    expect(directionAgreesWithUpside('up', 0.12)).toBe(true);
    expect(directionAgreesWithUpside('up', -0.01)).toBe(false);
    expect(directionAgreesWithUpside('down', 0.01)).toBe(false);
    expect(directionAgreesWithUpside('flat', 0.2)).toBe(false);
  });
});
