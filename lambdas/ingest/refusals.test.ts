import { describe, expect, it } from 'vitest';
import { NotCovered } from '../../core/domain-errors';
import { ProviderError } from '../adapters/fmp/provider-error';
import { planRefusalOf, PlanRefusals } from './refusals';

const LEGACY =
  'Legacy Endpoint : Due to Legacy endpoints being no longer supported - This endpoint is only available for legacy users who have valid subscriptions prior August 31, 2025.';

describe('planRefusalOf', () => {
  it('reads the endpoint and FMP’s own words from a plan refusal', () => {
    expect(planRefusalOf(new ProviderError('plan', '/stable/grades', LEGACY))).toEqual({
      endpoint: '/stable/grades',
      message: LEGACY,
    });
  });

  it('reads them through the market data’s NotCovered too (a price history the plan refused)', () => {
    const refusal = new ProviderError('plan', '/stable/historical-price-eod/full', LEGACY);
    expect(planRefusalOf(new NotCovered('SHEL.L', { cause: refusal }))).toEqual({
      endpoint: '/stable/historical-price-eod/full',
      message: LEGACY,
    });
    expect(planRefusalOf(new NotCovered('SHEL.L'))).toBeUndefined();
  });

  it('is nothing for any other failure', () => {
    expect(planRefusalOf(new ProviderError('http', '/stable/grades', 'HTTP 500', true, 500))).toBe(
      undefined,
    );
    expect(planRefusalOf(new ProviderError('not-found', '/stable/profile', 'no profile'))).toBe(
      undefined,
    );
    expect(planRefusalOf(new Error(LEGACY))).toBeUndefined();
  });
});

describe('PlanRefusals', () => {
  it('counts the companies of each endpoint and exchange once, with the first words heard', () => {
    const refusals = new PlanRefusals();
    const grades = { endpoint: '/stable/grades', message: 'Premium endpoint' };
    refusals.add(grades, 'LSE', 'BP.L');
    refusals.add(grades, 'LSE', 'VOD.L');
    refusals.add({ ...grades, message: 'other words' }, 'LSE', 'BP.L');
    refusals.add(grades, 'NASDAQ', 'AAPL');
    refusals.add({ endpoint: '/stable/sp500-constituent', message: LEGACY }, null);
    expect(refusals.list()).toEqual([
      { endpoint: '/stable/grades', exchange: 'LSE', message: 'Premium endpoint', companies: 2 },
      { endpoint: '/stable/grades', exchange: 'NASDAQ', message: 'Premium endpoint', companies: 1 },
      { endpoint: '/stable/sp500-constituent', exchange: null, message: LEGACY, companies: 0 },
    ]);
  });

  it('lists nothing when nothing was refused', () => {
    expect(new PlanRefusals().list()).toEqual([]);
  });
});
