import { describe, expect, it } from 'vitest';
import { conversionFactor, convertAmount, currencySchema, DEMO_PER_USD, isCurrency } from './fx';

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

describe('conversionFactor', () => {
  it('is 1 within a currency, the cross rate between two, and absent without a rate', () => {
    expect(conversionFactor('TWD', 'TWD', undefined)).toBe(1);
    expect(conversionFactor('USD', 'JPY', DEMO_PER_USD)).toBe(150);
    expect(conversionFactor('EUR', 'JPY', DEMO_PER_USD)).toBeCloseTo(150 / 0.92);
    expect(conversionFactor('USD', 'EUR', undefined)).toBeUndefined();
    // A currency outside CURRENCIES has no rate here; never converted at 1.
    expect(conversionFactor('USD', 'TWD', DEMO_PER_USD)).toBeUndefined();
    expect(conversionFactor('USD', 'JPY', { ...DEMO_PER_USD, JPY: 0 })).toBeUndefined();
  });
});
