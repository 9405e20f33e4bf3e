import { afterEach, describe, expect, it, vi } from 'vitest';

const RealNumberFormat = Intl.NumberFormat;
afterEach(() => {
  Intl.NumberFormat = RealNumberFormat;
});

describe('query-params at import', () => {
  // Every Lambda with a query schema imports this module; the first Intl formatter of a process
  // costs ~20 ms of ICU set-up, which only the SPA (the one caller of toQueryNumber) should pay.
  it('builds no Intl formatter until a number is written', async () => {
    let constructed = 0;
    Intl.NumberFormat = class extends RealNumberFormat {
      constructor(...args: ConstructorParameters<typeof RealNumberFormat>) {
        super(...args);
        constructed += 1;
      }
    } as typeof Intl.NumberFormat;
    vi.resetModules();
    const { toQueryNumber } = await import('./query-params');
    expect(constructed).toBe(0);
    expect(toQueryNumber(0.0000001)).toBe('0.0000001');
    expect(toQueryNumber(2e11)).toBe('200000000000');
    expect(constructed).toBe(1);
  });
});
