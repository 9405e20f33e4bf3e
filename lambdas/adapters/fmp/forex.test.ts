import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFmpMarketData, perUsdRates } from './market-data';
import { ProviderError } from './provider-error';
import { reply, stubFmpPerTest } from './testing/stub-fmp-client';

/** A /api/v3/quotes/forex answer as FMP sent it (trimmed to the pairs we read plus one more). */
const SAMPLE: unknown = JSON.parse(
  readFileSync(new URL('./testing/forex-quotes.sample.json', import.meta.url), 'utf8'),
);

const fmp = stubFmpPerTest();

describe('FMP forex rates', () => {
  it('reads units per US dollar from USDxxx, and inverts xxxUSD', async () => {
    const md = createFmpMarketData(await fmp.client({ '/v3/quotes/forex': reply(SAMPLE) }));
    const rates = await md.fxRates(new Date('2024-11-05T15:00:00Z'));
    expect(rates.USD).toBe(1);
    expect(rates.JPY).toBe(151.683);
    expect(rates.INR).toBe(84.117);
    expect(rates.SAR).toBe(3.7565);
    expect(rates.EUR).toBeCloseTo(1 / 1.08696, 12);
    expect(rates.GBP).toBeCloseTo(1 / 1.29793, 12);
    expect(Object.keys(rates).sort()).toEqual([
      'CNY',
      'EUR',
      'GBP',
      'HKD',
      'INR',
      'JPY',
      'SAR',
      'USD',
    ]);
  });

  it('prefers the direct pair when both ways round are quoted', () => {
    const rates = perUsdRates([
      ...(SAMPLE as { symbol: string; price: number }[]),
      { symbol: 'JPYUSD', price: 0.5 },
    ]);
    expect(rates.JPY).toBe(151.683);
  });

  it('fails, naming the pair, rather than convert a currency it has no rate for', () => {
    const withoutYen = (SAMPLE as { symbol: string }[]).filter((q) => q.symbol !== 'USDJPY');
    expect(() => perUsdRates(withoutYen as never)).toThrow(ProviderError);
    expect(() => perUsdRates(withoutYen as never)).toThrow(/USDJPY or JPYUSD/);
    // A zero or missing price is no rate either.
    expect(() => perUsdRates([{ symbol: 'USDJPY', price: 0 }])).toThrow(/JPY|EUR/);
  });
});
