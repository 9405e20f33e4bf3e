/**
 * §3 sheet payload: what the admin sheet editor sends and the curation API validates. Apart from
 * the statements' display rules (core/market/statements.ts) so the public stock page, which shows
 * statements, never loads zod and builds none of these schemas.
 */
import * as z from 'zod';
import { isinSchema } from '../isin';
import { isoDateSchema } from '../validation';
import { ANNUAL_QUARTER, hasTtm, STATEMENT_KINDS } from '../market/statements';
import type { StatementPeriod } from '../market/types';

export const SHEET_DURATIONS = ['annual', 'quarter'] as const satisfies readonly StatementPeriod[];

const YEAR_RANGE = 'year must be between 1900 and 2100';
const QUARTER_RANGE = 'quarter must be 0 (annual) or 1 to 4';

/**
 * §3 sheet payload fields, without the cross-field rules, for schemas that add the statement's line
 * items (`.extend({...}).superRefine(checkSheetPayload)`): zod refuses to extend a refined object.
 * isTTM is optional (absent = not TTM) so a TTM sheet can be saved too.
 */
export const sheetPayloadFields = z.object({
  date: isoDateSchema,
  year: z.int('year must be a whole number').min(1900, YEAR_RANGE).max(2100, YEAR_RANGE),
  quarter: z.int('quarter must be a whole number').min(0, QUARTER_RANGE).max(4, QUARTER_RANGE),
  isAnnual: z.boolean(),
  sheetDuration: z.enum(SHEET_DURATIONS, 'sheetDuration must be "annual" or "quarter"'),
  sheetType: z.enum(STATEMENT_KINDS, 'sheetType must be "income", "balance" or "cash"'),
  isin: isinSchema,
  isTTM: z.boolean().optional(),
});

type SheetPayloadFields = z.infer<typeof sheetPayloadFields>;

/** The rules between the payload's fields, as messages the admin form and the API show. */
export function checkSheetPayload(payload: SheetPayloadFields, ctx: z.RefinementCtx): void {
  const issue = (path: keyof SheetPayloadFields, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (payload.isAnnual !== (payload.sheetDuration === 'annual')) {
    issue('isAnnual', 'isAnnual must be true exactly when sheetDuration is "annual"');
  }
  if (payload.isTTM && !hasTtm(payload.sheetType)) {
    issue('isTTM', 'only income and cash-flow sheets can be TTM');
  }
  if (payload.isTTM) return; // a TTM sheet carries the latest period's year and quarter
  if (payload.isAnnual && payload.quarter !== ANNUAL_QUARTER) {
    issue('quarter', 'annual sheets use quarter 0');
  }
  if (!payload.isAnnual && payload.quarter === ANNUAL_QUARTER) {
    issue('quarter', 'quarterly sheets use quarter 1 to 4');
  }
}

/** §3 sheet payload, as the admin sheet editor sends it and the API validates it. */
export const sheetPayloadSchema = sheetPayloadFields.superRefine(checkSheetPayload);
export type SheetPayload = z.infer<typeof sheetPayloadSchema>;
