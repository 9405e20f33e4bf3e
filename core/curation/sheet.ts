import * as z from 'zod';
import { ANNUAL_QUARTER, STATEMENT_KINDS, sheetId } from '../market/statements';
import { checkSheetPayload, sheetPayloadFields } from './sheet-payload';
import {
  BALANCE_AMOUNT_FIELDS,
  CASH_AMOUNT_FIELDS,
  INCOME_AMOUNT_FIELDS,
} from '../market/statement-fields';
import { INCOME_RATIO_FIELDS } from '../market/ttm';
import type { FiscalPeriod, StatementByKind, StatementKind } from '../market/types';
import { isinSchema } from '../isin';
import { versionSchema } from './history';
import { jsonArgument } from './json-argument';
import { brokenIdentities } from './sheet-identities';

/**
 * A statement sheet as the curation console edits it: the §3 sheet payload (date, year, quarter,
 * isAnnual, sheetDuration, sheetType, isin) with every line item of its kind. Line items follow §5:
 * a number, or null when the filing does not report the line. The income ratios (grossProfitRatio,
 * …) are not typed in: they are recomputed from the amounts, as FMP defines them. TTM sheets are
 * never typed in either: the public API derives them from the last four quarters.
 */

const incomeRatioFields: ReadonlySet<string> = new Set(Object.keys(INCOME_RATIO_FIELDS));

/** The lines an editor types, per kind, in the statement's own order. */
export const SHEET_LINE_FIELDS = {
  income: INCOME_AMOUNT_FIELDS.filter((field) => !incomeRatioFields.has(field)),
  balance: [...BALANCE_AMOUNT_FIELDS],
  cash: [...CASH_AMOUNT_FIELDS],
} as const satisfies { readonly [K in StatementKind]: readonly (keyof StatementByKind[K])[] };

/** Largest magnitude a line takes: well above any company's figures, well inside a double. */
export const SHEET_LINE_LIMIT = 1e15;
/** How many revisions of one company's sheets of a kind the audit trail keeps. */
export const SHEET_HISTORY_LIMIT = 50;

export { SHEET_CONFLICT_MESSAGE } from './conflict-messages';

const lineValue = (field: string) =>
  z
    .number(`${field} must be a number or null`)
    .min(-SHEET_LINE_LIMIT, `${field} is out of range`)
    .max(SHEET_LINE_LIMIT, `${field} is out of range`)
    .nullable()
    .default(null);

type SheetLineField<K extends StatementKind> = (typeof SHEET_LINE_FIELDS)[K][number];
type SheetPayloadBase = Omit<z.infer<typeof sheetPayloadFields>, 'sheetType'>;

/** A sheet of kind K as validated: the §3 payload and each line (null: not reported). */
export type SheetInput<K extends StatementKind = StatementKind> = K extends StatementKind
  ? SheetPayloadBase & { readonly sheetType: K } & {
      readonly [F in SheetLineField<K>]: number | null;
    }
  : never;

function sheetSchemaOf<K extends StatementKind>(kind: K): z.ZodType<SheetInput<K>> {
  const lines = Object.fromEntries(
    (SHEET_LINE_FIELDS[kind] as readonly string[]).map((field) => [field, lineValue(field)]),
  );
  return z
    .strictObject({
      ...sheetPayloadFields.shape,
      sheetType: z.literal(kind, `sheetType must be "${kind}"`),
      ...lines,
    })
    .superRefine((value, ctx) => {
      const sheet = value as unknown as SheetPayloadBase & Record<string, number | null>;
      checkSheetPayload({ ...sheet, sheetType: kind }, ctx);
      if (sheet.isTTM) {
        ctx.addIssue({
          code: 'custom',
          path: ['isTTM'],
          message: 'TTM sheets are derived from the last four quarters and cannot be entered',
        });
      }
      for (const broken of brokenIdentities(kind, sheet)) {
        ctx.addIssue({
          code: 'custom',
          path: [broken.total],
          message: `${broken.label} does not hold: reported ${broken.reported}, sum ${broken.expected} (difference ${broken.difference})`,
        });
      }
    }) as unknown as z.ZodType<SheetInput<K>>;
}

// Each kind's schema is built on its first use: with a schema per line (each message names its
// field) they are some 440 zod schemas, which only a sheet write or import parses, and which every
// cold start of the GraphQL function (public queries included) built at module init.
const builtSheetSchemas: { [K in StatementKind]?: z.ZodType<SheetInput<K>> } = {};

export const SHEET_SCHEMAS: { readonly [K in StatementKind]: z.ZodType<SheetInput<K>> } = {
  get income() {
    return (builtSheetSchemas.income ??= sheetSchemaOf('income'));
  },
  get balance() {
    return (builtSheetSchemas.balance ??= sheetSchemaOf('balance'));
  },
  get cash() {
    return (builtSheetSchemas.cash ??= sheetSchemaOf('cash'));
  },
};

const sheetTypeOnly = z.object({
  sheetType: z.enum(STATEMENT_KINDS, 'sheetType must be "income", "balance" or "cash"'),
});

/**
 * The schema of a sheet from its sheetType, so each message names the field of that kind (a union
 * would report every kind's failures at once).
 */
export const sheetInputSchema = z.unknown().transform((value, ctx): SheetInput => {
  const kind = sheetTypeOnly.safeParse(value);
  if (!kind.success) {
    for (const issue of kind.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    return z.NEVER;
  }
  const parsed = SHEET_SCHEMAS[kind.data.sheetType].safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    return z.NEVER;
  }
  return parsed.data;
});

const sheetVersion = versionSchema;
const sheetIdSchema = z
  .string()
  .regex(/^(income|balance|cash)-\d{4}-(FY|Q[1-4])$/, 'must be a sheet id such as income-2025-FY');

/** Most sheets one company's import takes: 50 years of annual and quarterly sheets of each kind. */
export const SHEET_IMPORT_MAX = 750;

/** The GraphQL fields' arguments (core/api/graphql.ts). */
export const SHEET_ARGS = {
  curationSheets: z.object({ isin: isinSchema }),
  curationSheet: z.object({ isin: isinSchema, id: sheetIdSchema }),
  sheetHistory: z.object({ isin: isinSchema, id: sheetIdSchema }),
  createSheet: z.object({ isin: isinSchema, sheet: jsonArgument(sheetInputSchema) }),
  updateSheet: z.object({
    isin: isinSchema,
    id: sheetIdSchema,
    sheet: jsonArgument(sheetInputSchema),
    version: sheetVersion,
  }),
  deleteSheet: z.object({ isin: isinSchema, id: sheetIdSchema, version: sheetVersion }),
  restoreSheet: z.object({
    isin: isinSchema,
    id: sheetIdSchema,
    version: sheetVersion,
    expectedVersion: sheetVersion,
  }),
  importSheets: z.object({
    isin: isinSchema,
    sheets: jsonArgument(
      z
        .array(sheetInputSchema, 'must be a list of sheets')
        .min(1, 'must hold at least one sheet')
        .max(SHEET_IMPORT_MAX, `takes at most ${SHEET_IMPORT_MAX} sheets per company`),
    ),
    dryRun: z.boolean('must be true or false').default(false),
  }),
} as const satisfies Record<string, z.ZodObject>;

/** The id a sheet's period gives it. */
export const sheetIdOf = (sheet: Pick<SheetInput, 'sheetType' | 'year' | 'quarter'>): string =>
  sheetId(sheet.sheetType, sheet.year, sheet.quarter);

/** What a stored statement needs beyond the sheet: the company's symbol and currency. */
export interface SheetContext {
  readonly symbol: string;
  readonly reportedCurrency: string;
  /** When the sheet was curated: its filing and acceptance date. */
  readonly filedAt: Date;
}

const periodOf = (quarter: number): FiscalPeriod =>
  quarter === ANNUAL_QUARTER ? 'FY' : (`Q${quarter}` as FiscalPeriod);

/** FMP reports 0 for a ratio over zero revenue; null when a line is not reported. */
function ratio(value: number | null | undefined, revenue: number | null | undefined) {
  if (typeof value !== 'number' || typeof revenue !== 'number') return null;
  return revenue === 0 ? 0 : value / revenue;
}

/**
 * The stored statement (FMP's shape) of a curated sheet. Unreported lines stay null: the ratios
 * treat a null input as "not meaningful" and the public tables show a dash.
 */
export function toStatement<K extends StatementKind>(
  sheet: SheetInput<K>,
  context: SheetContext,
): StatementByKind[K] {
  const lines: Record<string, number | null> = {};
  for (const field of SHEET_LINE_FIELDS[sheet.sheetType] as readonly string[]) {
    lines[field] = (sheet as unknown as Record<string, number | null>)[field] ?? null;
  }
  if (sheet.sheetType === 'income') {
    for (const [ratioField, amount] of Object.entries(INCOME_RATIO_FIELDS)) {
      lines[ratioField] = ratio(lines[amount], lines['revenue']);
    }
  }
  const filed = context.filedAt.toISOString();
  return {
    date: sheet.date,
    symbol: context.symbol,
    reportedCurrency: context.reportedCurrency,
    fillingDate: filed.slice(0, 10),
    acceptedDate: filed.replace('T', ' ').slice(0, 19),
    calendarYear: String(sheet.year),
    period: periodOf(sheet.quarter),
    ...lines,
  } as unknown as StatementByKind[K];
}

/** The editable form of a stored statement: its §3 payload and line items. */
export function toSheetInput<K extends StatementKind>(
  kind: K,
  isin: string,
  statement: StatementByKind[K],
): SheetInput<K> {
  const source = statement as unknown as Record<string, unknown>;
  const quarter = /^Q[1-4]$/.test(statement.period) ? Number(statement.period.slice(1)) : 0;
  const isAnnual = quarter === ANNUAL_QUARTER;
  const lines = Object.fromEntries(
    (SHEET_LINE_FIELDS[kind] as readonly string[]).map((field) => {
      const value = source[field];
      return [field, typeof value === 'number' ? value : null];
    }),
  );
  return {
    date: statement.date,
    year: Number.parseInt(statement.calendarYear, 10),
    quarter,
    isAnnual,
    sheetDuration: isAnnual ? 'annual' : 'quarter',
    sheetType: kind,
    isin,
    ...lines,
  } as unknown as SheetInput<K>;
}
