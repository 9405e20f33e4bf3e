import { afterEach, describe, expect, it, vi } from 'vitest';

const Real = Intl.NumberFormat;

// Building the formatters at import puts ~70 ms (4x throttled) on the SPA's boot path.
describe('core/format builds its Intl formatters on first use', () => {
  afterEach(() => {
    Intl.NumberFormat = Real;
  });

  it('constructs none at import and each one once, however often it formats', async () => {
    let built = 0;
    class Counting extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        built += 1;
      }
    }
    Intl.NumberFormat = Counting as typeof Real;
    vi.resetModules();
    const format = await import('./format');
    expect(built).toBe(0);

    expect(format.formatNumber(1234.5)).toBe('1,234.50');
    expect(format.formatNumber(-0.001)).toBe('0.00');
    expect(format.formatCount(6000)).toBe('6,000');
    expect(format.formatCount(7)).toBe('7');
    expect(built).toBe(2);
  });
});
