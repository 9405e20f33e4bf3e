import { describe, expect, it } from 'vitest';
import { createFmpMarketData, perUsdRates } from './market-data';
import { forexQuotesSchema } from './market-data-schemas';
import { ProviderError } from './provider-error';
import { planRefusal, refusalWords, stableFixture } from './testing/stable-fixtures';
import { providerFailure, reply, stubFmpPerTest } from './testing/stub-fmp-client';

/** /stable/batch-forex-quotes as FMP documents it (testing/stable/README.md says whence each pair). */
const SAMPLE = forexQuotesSchema.parse(stableFixture('batch-forex-quotes'));

const fmp = stubFmpPerTest();

describe('FMP forex rates', () => {
  it('reads units per US dollar from USDxxx, and inverts xxxUSD', async () => {
    const md = createFmpMarketData(
      await fmp.client({
        '/stable/batch-forex-quotes': reply(stableFixture('batch-forex-quotes')),
      }),
    );
    const rates = await md.fxRates(new Date('2025-02-04T15:00:00Z'));
    expect(rates.USD).toBe(1);
    expect(rates.JPY).toBe(151.683);
    expect(rates.INR).toBe(84.117);
    expect(rates.SAR).toBe(3.7565);
    expect(rates.EUR).toBeCloseTo(1 / 1.17598, 12);
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
    expect(fmp.server.requests.map((u) => u.pathname)).toEqual(['/stable/batch-forex-quotes']);
  });

  it('prefers the direct pair when both ways round are quoted', () => {
    const rates = perUsdRates([...SAMPLE, { symbol: 'JPYUSD', price: 0.5 }]);
    expect(rates.JPY).toBe(151.683);
  });

  it('reads a pair written with a slash as the same pair', () => {
    const slashed = SAMPLE.map((q) => (q.symbol === 'USDJPY' ? { ...q, symbol: 'USD/JPY' } : q));
    expect(perUsdRates(slashed).JPY).toBe(151.683);
  });

  it('fails, naming the pair, rather than convert a currency it has no rate for', () => {
    const withoutYen = SAMPLE.filter((q) => q.symbol !== 'USDJPY');
    expect(() => perUsdRates(withoutYen)).toThrow(ProviderError);
    expect(() => perUsdRates(withoutYen)).toThrow(/USDJPY or JPYUSD/);
    // A zero or missing price is no rate either.
    expect(() => perUsdRates([{ symbol: 'USDJPY', price: 0 }])).toThrow(/JPY|EUR/);
  });

  it('reports a refused forex endpoint as the plan’s refusal', async () => {
    const md = createFmpMarketData(
      await fmp.client({ '/stable/batch-forex-quotes': () => planRefusal('restricted') }),
    );
    const error = await providerFailure(md.fxRates(new Date('2025-02-04T15:00:00Z')));
    expect(error).toMatchObject({ kind: 'plan', path: '/stable/batch-forex-quotes' });
    expect(error.message).toContain(refusalWords('restricted'));
  });
});
