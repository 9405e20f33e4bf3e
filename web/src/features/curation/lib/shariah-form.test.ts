import { describe, expect, it } from 'vitest';
import { shariahInputSchema } from '@core/curation/shariah';
import { optionalAmount, shariahForm, shariahInputOf, sourcesTotal } from './shariah-form';

const STORED = {
  symbol: 'ACME',
  businessActivity: 'permissible' as const,
  nonPermissibleRevenueShare: 0.02,
  interestBearingSecurities: 100,
  asOf: '2025-01-31',
  receivables: 7,
  revenueSplit: { permissible: 98, nonPermissible: 2, sources: [{ name: 'Interest', amount: 2 }] },
  override: {
    verdict: 'questionable' as const,
    reason: 'Awaiting the audit.',
    reviewedOn: '2025-02-01',
    reviewer: 'admin@example.com',
  },
};

describe('Shariah form', () => {
  it("round-trips stored inputs into core's input, without what the server adds", () => {
    const input = shariahInputOf(shariahForm(STORED, '2025-03-01'));
    const { symbol: _s, nonPermissibleRevenueShare: _n, override, ...rest } = STORED;
    const { reviewer: _r, ...withoutReviewer } = override;
    expect(input).toEqual({ ...rest, override: withoutReviewer });
    expect(shariahInputSchema.safeParse(input).success).toBe(true);
  });

  it('sends no override while it is off, and leaves empty curated figures out', () => {
    const form = shariahForm(STORED, '2025-03-01');
    const input = shariahInputOf({
      ...form,
      overrideOn: false,
      receivables: optionalAmount(''),
      cashAndEquivalents: Number.NaN,
    });
    expect(input).not.toHaveProperty('override');
    expect(input).not.toHaveProperty('receivables');
    expect(input).not.toHaveProperty('cashAndEquivalents');
  });

  it('starts a company without inputs empty, dated today, with the override off', () => {
    const form = shariahForm(null, '2025-03-01');
    expect(form).toMatchObject({ asOf: '2025-03-01', overrideOn: false });
    expect(form.interestBearingSecurities).toBeNaN();
  });

  it('sums the listed sources, counting a box being typed as 0', () => {
    expect(sourcesTotal([{ amount: 5 }, { amount: Number.NaN }, { amount: 2.5 }])).toBe(7.5);
    expect(sourcesTotal(undefined)).toBe(0);
  });
});
