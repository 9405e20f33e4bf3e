import { SHEET_LINE_FIELDS, sheetInputSchema, type SheetInput } from '@core/curation/sheet';
import { checkIdentities, type IdentityCheck } from '@core/curation/sheet-identities';
import type { StatementKind } from '@core/market/types';
import type { Action, PermissionSet, Roles } from '@core/permissions';
import { curationReason } from '../lib/read-only';
import { STATEMENT_LINES } from '../../../lib/statement-lines/lines-by-kind';
import { inUserWords } from '../../../lib/user-words';

/** The sheet editor's values: what the inputs hold, as typed. */
export interface SheetFormValues {
  readonly sheetType: StatementKind;
  readonly sheetDuration: 'annual' | 'quarter';
  readonly year: string;
  readonly quarter: string;
  readonly date: string;
  readonly lines: Readonly<Record<string, string>>;
}

/** The line items an editor types for a kind, with the labels the public tables use. */
export function lineFields(kind: StatementKind): { field: string; label: string }[] {
  const labels = new Map(STATEMENT_LINES[kind].map((line) => [String(line.field), line.label]));
  return (SHEET_LINE_FIELDS[kind] as readonly string[]).map((field) => ({
    field,
    label: labels.get(field) ?? field,
  }));
}

/** What the editor calls each line and period field of a kind: the words its messages use. */
export function sheetLabels(kind: StatementKind): Record<string, string> {
  return {
    ...Object.fromEntries(lineFields(kind).map(({ field, label }) => [field, label])),
    year: 'Year',
    quarter: 'Quarter',
    date: 'Date',
  };
}

/** An identity ('grossProfit = revenue − costOfRevenue') or a message in the editor's labels. */
export const inSheetWords = (kind: StatementKind, text: string): string =>
  inUserWords(text, sheetLabels(kind), { every: true });

/**
 * §5: an optional numeric form value becomes a number, or null if not numeric. Spaces and a
 * leading plus are tolerated; anything else that is not a number is null (the editor says so).
 */
export function numberOrNull(text: string): number | null {
  const trimmed = text.trim().replace(/^\+/, '');
  if (trimmed === '' || !/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** Whether the editor should say that a typed value will be stored as "not reported". */
export const notNumeric = (text: string): boolean =>
  text.trim() !== '' && numberOrNull(text) === null;

export function emptyForm(kind: StatementKind = 'income'): SheetFormValues {
  return {
    sheetType: kind,
    sheetDuration: 'annual',
    year: '',
    quarter: '0',
    date: '',
    lines: Object.fromEntries(lineFields(kind).map(({ field }) => [field, ''])),
  };
}

export function formFromSheet(sheet: SheetInput): SheetFormValues {
  const source = sheet as unknown as Record<string, number | null>;
  return {
    sheetType: sheet.sheetType,
    sheetDuration: sheet.sheetDuration,
    year: String(sheet.year),
    quarter: String(sheet.quarter),
    date: sheet.date,
    lines: Object.fromEntries(
      lineFields(sheet.sheetType).map(({ field }) => [
        field,
        source[field] === null || source[field] === undefined ? '' : String(source[field]),
      ]),
    ),
  };
}

/** The line values as numbers (null: not reported), for the identity checks and the payload. */
export function lineValues(values: SheetFormValues): Record<string, number | null> {
  return Object.fromEntries(
    lineFields(values.sheetType).map(({ field }) => [
      field,
      numberOrNull(values.lines[field] ?? ''),
    ]),
  );
}

export const identityChecks = (values: SheetFormValues): IdentityCheck[] =>
  checkIdentities(values.sheetType, lineValues(values));

/** The §3 payload of the form, checked with core's rule: the sheet, or messages per field. */
export function sheetFromForm(
  values: SheetFormValues,
  isin: string,
): { readonly sheet: SheetInput } | { readonly errors: Record<string, string> } {
  const annual = values.sheetDuration === 'annual';
  const candidate = {
    isin,
    sheetType: values.sheetType,
    sheetDuration: values.sheetDuration,
    isAnnual: annual,
    year: Number(values.year),
    quarter: annual ? 0 : Number(values.quarter),
    date: values.date,
    ...lineValues(values),
  };
  const parsed = sheetInputSchema.safeParse(candidate);
  if (parsed.success) return { sheet: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'sheet');
    errors[field] ??= inSheetWords(values.sheetType, issue.message);
  }
  return { errors };
}

/** Why the session may not do `action` on the company's sheets, or undefined when it may. */
export const sheetsReadOnlyReason = (
  session: Roles & { readonly permissions: PermissionSet | null },
  isin: string,
  action: Action,
): string | undefined => curationReason(session, 'SHEETS', action, isin, 'sheets');
