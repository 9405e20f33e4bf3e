import { describe, expect, it } from 'vitest';
import { convertAmount, currencySchema, DEMO_PER_USD, isCurrency } from './fx';

describe('convertAmount', () => {
  it('converts through the US dollar', () => {
    expect(convertAmount(150e9, 'JPY', 'USD', DEMO_PER_USD)).toBeCloseTo(1e9);
    expect(convertAmount(1e9, 'USD', 'INR', DEMO_PER_USD)).toBeCloseTo(83e9);
    expect(convertAmount(83, 'INR', 'JPY', DEMO_PER_USD)).toBeCloseTo(150);
  });

  it('leaves an amount in its own currency exactly as it is', () => {
    expect(convertAmount(0.1 + 0.2, 'EUR', 'EUR', DEMO_PER_USD)).toBe(0.1 + 0.2);
  });
});

describe('currencySchema', () => {
  it('takes the supported codes and names the choices otherwise', () => {
    expect(currencySchema.parse('JPY')).toBe('JPY');
    const failed = currencySchema.safeParse('XYZ');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toMatch(/USD, EUR/);
    expect(isCurrency('GBP')).toBe(true);
    expect(isCurrency('GBp')).toBe(false);
  });
});
