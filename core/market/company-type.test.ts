import { describe, expect, it } from 'vitest';
import { companyTypeOf, notMeaningfulNote, undefinedRatiosOf } from './company-type';

describe('companyTypeOf', () => {
  it('reads banks and insurers from the FMP industry', () => {
    expect(companyTypeOf({ sector: 'Financial Services', industry: 'Banks - Regional' })).toBe(
      'bank',
    );
    expect(companyTypeOf({ sector: 'Financial Services', industry: 'Banks - Diversified' })).toBe(
      'bank',
    );
    expect(
      companyTypeOf({ sector: 'Financial Services', industry: 'Insurance - Property & Casualty' }),
    ).toBe('insurer');
    expect(companyTypeOf({ sector: 'Financial Services', industry: 'Asset Management' })).toBe(
      'general',
    );
    expect(companyTypeOf({ sector: 'Technology', industry: 'Software - Application' })).toBe(
      'general',
    );
  });
});

describe('undefined ratios', () => {
  it('leave gross margin and the cost-of-revenue ratios undefined for banks and insurers only', () => {
    expect(undefinedRatiosOf('bank')).toContain('grossProfitMarginTTM');
    expect(undefinedRatiosOf('insurer')).toContain('inventoryTurnoverTTM');
    expect(undefinedRatiosOf('general')).toEqual([]);
  });

  it('say why', () => {
    expect(notMeaningfulNote('bank', 'grossProfitMarginTTM')).toBe('Not meaningful for banks');
    expect(notMeaningfulNote('insurer', 'grossProfitMarginTTM')).toBe(
      'Not meaningful for insurers',
    );
    expect(notMeaningfulNote('general', 'grossProfitMarginTTM')).toBeNull();
    expect(notMeaningfulNote('bank', 'netProfitMarginTTM')).toBeNull();
  });
});
