import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { checkSheetPayload, sheetPayloadFields, sheetPayloadSchema } from './sheet-payload';
import { ISIN_MESSAGE } from '../isin';

describe('§3 sheet payload', () => {
  const valid = {
    date: '2024-12-31',
    year: 2024,
    quarter: 0,
    isAnnual: true,
    sheetDuration: 'annual',
    sheetType: 'income',
    isin: 'US0378331005',
  };
  const messages = (input: unknown) =>
    sheetPayloadSchema
      .safeParse(input)
      .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it('accepts an annual and a quarterly sheet', () => {
    expect(sheetPayloadSchema.parse(valid)).toEqual(valid);
    expect(
      sheetPayloadSchema.safeParse({
        ...valid,
        quarter: 3,
        isAnnual: false,
        sheetDuration: 'quarter',
        sheetType: 'balance',
      }).success,
    ).toBe(true);
    expect(sheetPayloadSchema.safeParse({ ...valid, isTTM: true }).success).toBe(true);
  });

  it('rejects bad fields with clear messages', () => {
    expect(messages({ ...valid, date: '2024-02-30' })).toEqual(['date: must be a date YYYY-MM-DD']);
    expect(messages({ ...valid, isin: 'US03783310' })).toEqual([`isin: ${ISIN_MESSAGE}`]);
    // The shape alone was once enough here: a wrong check digit is refused as everywhere else.
    expect(messages({ ...valid, isin: 'US0378331006' })).toEqual([`isin: ${ISIN_MESSAGE}`]);
    expect(messages({ ...valid, sheetType: 'profit' })).toEqual([
      'sheetType: sheetType must be "income", "balance" or "cash"',
    ]);
    expect(messages({ ...valid, sheetDuration: 'monthly' })).toEqual([
      'sheetDuration: sheetDuration must be "annual" or "quarter"',
    ]);
    expect(messages({ ...valid, year: 2024.5 })).toEqual(['year: year must be a whole number']);
    expect(messages({ ...valid, quarter: 5, isAnnual: false, sheetDuration: 'quarter' })).toEqual([
      'quarter: quarter must be 0 (annual) or 1 to 4',
    ]);
    expect(messages({ ...valid, year: 1800 })).toEqual([
      'year: year must be between 1900 and 2100',
    ]);
  });

  it('keeps isAnnual, sheetDuration, quarter and isTTM consistent', () => {
    expect(messages({ ...valid, sheetDuration: 'quarter' })).toEqual([
      'isAnnual: isAnnual must be true exactly when sheetDuration is "annual"',
    ]);
    expect(messages({ ...valid, quarter: 2 })).toEqual(['quarter: annual sheets use quarter 0']);
    expect(messages({ ...valid, isAnnual: false, sheetDuration: 'quarter' })).toEqual([
      'quarter: quarterly sheets use quarter 1 to 4',
    ]);
    expect(messages({ ...valid, sheetType: 'balance', isTTM: true })).toEqual([
      'isTTM: only income and cash-flow sheets can be TTM',
    ]);
  });

  it('can be extended with line items and keep its rules', () => {
    const withRevenue = sheetPayloadFields
      .extend({ revenue: z.number() })
      .superRefine(checkSheetPayload);
    expect(withRevenue.parse({ ...valid, revenue: 1000 }).revenue).toBe(1000);
    expect(withRevenue.safeParse({ ...valid, quarter: 1, revenue: 1000 }).success).toBe(false);
  });
});
