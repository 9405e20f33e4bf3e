import { describe, expect, it } from 'vitest';
import { ALL, emptyPermissionSet } from '@core/permissions';
import {
  emptyForm,
  formFromSheet,
  identityChecks,
  notNumeric,
  numberOrNull,
  sheetFromForm,
  sheetsReadOnlyReason,
} from './sheet-form';

const ISIN = 'US0378331005';
const filled = () => ({
  ...emptyForm('income'),
  year: '2026',
  date: '2026-12-31',
  lines: {
    ...emptyForm('income').lines,
    revenue: '1000',
    costOfRevenue: '400',
    grossProfit: '600',
  },
});

describe('the sheet form', () => {
  it('turns a form value into a number, or null when it is not numeric (§5)', () => {
    expect(numberOrNull(' 1234.5 ')).toBe(1234.5);
    expect(numberOrNull('-7e3')).toBe(-7000);
    expect(numberOrNull('+12')).toBe(12);
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull('1,234')).toBeNull();
    expect(notNumeric('1,234')).toBe(true);
    expect(notNumeric('')).toBe(false);
  });

  it('builds the §3 payload with core’s rule, and round-trips it', () => {
    const result = sheetFromForm(filled(), ISIN);
    expect('sheet' in result && result.sheet).toMatchObject({
      isin: ISIN,
      sheetType: 'income',
      sheetDuration: 'annual',
      isAnnual: true,
      year: 2026,
      quarter: 0,
      revenue: 1000,
      operatingExpenses: null,
    });
    if (!('sheet' in result)) return;
    expect(formFromSheet(result.sheet)).toEqual(filled());
  });

  it('names the field core refuses, and shows an identity’s difference', () => {
    const broken = { ...filled(), lines: { ...filled().lines, grossProfit: '650' } };
    const result = sheetFromForm(broken, ISIN);
    // In the editor's labels, not core's line names.
    expect('errors' in result && result.errors.grossProfit).toMatch(
      /^Gross profit = Revenue − Cost of revenue does not hold/,
    );
    const gross = identityChecks(broken).find((c) => c.total === 'grossProfit');
    expect(gross).toMatchObject({ holds: false, difference: 50 });
    const noDate = sheetFromForm({ ...filled(), date: '' }, ISIN);
    expect('errors' in noDate && Object.keys(noDate.errors)).toEqual(['date']);
  });

  it('says why a session may not change a company’s sheets', () => {
    const set = emptyPermissionSet();
    const editor = {
      isAdmin: false,
      isEditor: true,
      permissions: { ...set, SHEETS: { ...set.SHEETS, update: ['GB0002634946'] } },
    };
    expect(sheetsReadOnlyReason(editor, ISIN, 'update')).toBe(
      `Your permission set allows changing the sheets of other companies, not of ${ISIN}.`,
    );
    expect(sheetsReadOnlyReason(editor, ISIN, 'create')).toBe(
      'Your permission set does not allow adding sheets.',
    );
    const everything = {
      ...editor,
      permissions: { ...set, SHEETS: { ...set.SHEETS, update: [ALL] } },
    };
    expect(sheetsReadOnlyReason(everything, ISIN, 'update')).toBeUndefined();
    expect(
      sheetsReadOnlyReason({ isAdmin: true, isEditor: false, permissions: null }, ISIN, 'delete'),
    ).toBeUndefined();
  });
});
