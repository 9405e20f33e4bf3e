import { describe, expect, it } from 'vitest';
import { inUserWords, labelsOf } from './user-words';

const LABELS = {
  gradingCompany: 'Firm',
  high: 'High target',
  low: 'Low target',
  grossProfit: 'Gross profit',
  revenue: 'Revenue',
  costOfRevenue: 'Cost of revenue',
};

describe('inUserWords', () => {
  it('names a field by its label, never its code name', () => {
    expect(inUserWords('gradingCompany must not be empty', LABELS)).toBe('Firm must not be empty');
    expect(inUserWords('high must not be below low', LABELS)).toBe(
      'High target must not be below low',
    );
  });

  it('puts a formula of line names in the labels', () => {
    expect(inUserWords('grossProfit = revenue − costOfRevenue', LABELS, { every: true })).toBe(
      'Gross profit = Revenue − Cost of revenue',
    );
  });

  it('leaves words it has no label for', () => {
    expect(inUserWords('symbol: NOSUCH is not listed', LABELS)).toBe(
      'symbol: NOSUCH is not listed',
    );
  });

  it('reads labels off a form’s fields by the last segment of their paths', () => {
    expect(labelsOf([{ path: 'priceTarget.high', label: 'High target' }])).toEqual({
      high: 'High target',
    });
  });
});
