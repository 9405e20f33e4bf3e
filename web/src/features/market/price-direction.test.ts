import { describe, expect, it } from 'vitest';
import { priceDirection, signedNumber, signedPercent } from './price-direction';

describe('price direction and signs', () => {
  it('is up for a gain, down for a loss, flat for no change or a missing one', () => {
    expect(priceDirection(12.3)).toBe('up');
    expect(priceDirection(-0.01)).toBe('down');
    expect(priceDirection(0)).toBe('flat');
    expect(priceDirection(undefined)).toBe('flat');
    expect(priceDirection(Number.NaN)).toBe('flat');
  });

  it('judges on the two decimals shown, so +0.00 is never coloured as a gain', () => {
    expect(priceDirection(0.004)).toBe('flat');
    expect(priceDirection(-0.004)).toBe('flat');
    expect(priceDirection(0.005)).toBe('up');
  });

  it('puts the sign in the text: + for gains, - for losses, none for zero', () => {
    expect(signedNumber(1234.5)).toBe('+1,234.50');
    expect(signedNumber(-12.346)).toBe('-12.35');
    expect(signedNumber(0)).toBe('0.00');
    expect(signedNumber(0.001)).toBe('0.00');
    expect(signedNumber(undefined)).toBe('—');
    expect(signedPercent(1.234)).toBe('+1.23%');
    expect(signedPercent(-0.5)).toBe('-0.50%');
    expect(signedPercent(0)).toBe('0.00%');
  });
});
