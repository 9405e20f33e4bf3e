import * as z from 'zod';
import { isinSchema } from '../isin';
import type { ShariahInputs } from '../market/types';
import { isoDateSchema } from '../validation';
import { CURATED_HISTORY_LIMIT, versionSchema } from './history';
import { jsonArgument } from './json-argument';
import { plainText } from './plain-text';

/**
 * The Shariah-screen inputs as a reviewer curates them: the business activity, interest-bearing
 * securities, the revenue split with the sources of the non-permissible part, optional figures
 * that replace the balance sheet's (interest-bearing debt, cash, receivables), and an optional
 * override of the verdict with its reason and review date. The public page shows an override
 * with its reason beside the computed verdicts.
 */
export const BUSINESS_ACTIVITIES = [
  'permissible',
  'conventional-finance',
  'alcohol',
  'tobacco',
  'gambling',
  'pork',
  'adult-entertainment',
  'weapons',
] as const satisfies readonly ShariahInputs['businessActivity'][];
export const SHARIAH_VERDICTS = ['compliant', 'non-compliant', 'questionable'] as const;

/** A business activity as the console names it. */
export const BUSINESS_ACTIVITY_TEXT: Readonly<
  Record<(typeof BUSINESS_ACTIVITIES)[number], string>
> = {
  permissible: 'Permissible',
  'conventional-finance': 'Conventional finance (interest-based)',
  alcohol: 'Alcohol',
  tobacco: 'Tobacco',
  gambling: 'Gambling',
  pork: 'Pork',
  'adult-entertainment': 'Adult entertainment',
  weapons: 'Weapons',
};

export { SHARIAH_CONFLICT_MESSAGE } from './conflict-messages';
export { CURATED_HISTORY_LIMIT };

/**
 * The curated figures that replace the balance sheet's when given; left out, the screen takes the
 * latest balance sheet's (core/market/shariah.ts). The console leaves an empty one out.
 */
export const SHARIAH_OPTIONAL_FIGURES = [
  'interestBearingDebt',
  'cashAndEquivalents',
  'receivables',
] as const satisfies readonly (keyof ShariahInputs)[];
export type ShariahOptionalFigure = (typeof SHARIAH_OPTIONAL_FIGURES)[number];

const amount = (field: string) =>
  z
    .number(`${field} must be a number`)
    .min(0, `${field} must not be negative`)
    .max(1e15, `${field} is out of range`);
const optionalFigures = Object.fromEntries(
  SHARIAH_OPTIONAL_FIGURES.map((figure) => [figure, amount(figure).optional()]),
) as Record<ShariahOptionalFigure, z.ZodOptional<ReturnType<typeof amount>>>;
const plain = (field: string, min: number, max: number) => plainText(field, { min, max });

export const shariahInputSchema = z
  .strictObject({
    businessActivity: z.enum(
      BUSINESS_ACTIVITIES,
      `businessActivity must be one of ${BUSINESS_ACTIVITIES.join(', ')}`,
    ),
    interestBearingSecurities: amount('interestBearingSecurities'),
    asOf: isoDateSchema,
    ...optionalFigures,
    revenueSplit: z.strictObject({
      permissible: amount('permissible'),
      nonPermissible: amount('nonPermissible'),
      sources: z
        .array(
          z.strictObject({ name: plain('name', 1, 100), amount: amount('amount') }),
          'sources must be a list',
        )
        .max(50, 'sources takes at most 50 rows'),
    }),
    override: z
      .strictObject({
        verdict: z.enum(SHARIAH_VERDICTS, `verdict must be one of ${SHARIAH_VERDICTS.join(', ')}`),
        reason: plain('reason', 10, 1_000),
        reviewedOn: isoDateSchema,
      })
      .optional(),
  })
  .superRefine((input, ctx) => {
    const { permissible, nonPermissible, sources } = input.revenueSplit;
    if (permissible + nonPermissible <= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['revenueSplit', 'permissible'],
        message: 'permissible and nonPermissible revenue must not both be 0',
      });
    }
    const listed = sources.reduce((sum, source) => sum + source.amount, 0);
    if (nonPermissible > 0 && Math.abs(listed - nonPermissible) > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['revenueSplit', 'sources'],
        message: `the sources add up to ${listed}, not the non-permissible revenue ${nonPermissible}`,
      });
    }
  });

export type ShariahInput = z.infer<typeof shariahInputSchema>;

/**
 * The stored inputs: the input with the share the screen uses derived from the split (kept for
 * readers of the plain share), and the reviewer named by the server, never by the client.
 */
export function toShariahInputs(
  input: ShariahInput,
  context: { readonly symbol: string; readonly reviewer: string },
): ShariahInputs {
  const { permissible, nonPermissible } = input.revenueSplit;
  const { override, ...rest } = input;
  return {
    symbol: context.symbol,
    ...rest,
    nonPermissibleRevenueShare: nonPermissible / (permissible + nonPermissible),
    ...(override ? { override: { ...override, reviewer: context.reviewer } } : {}),
  };
}

const version = versionSchema;
export const SHARIAH_ARGS = {
  curatedShariah: z.object({ isin: isinSchema }),
  shariahHistory: z.object({ isin: isinSchema }),
  updateShariah: z.object({ isin: isinSchema, shariah: jsonArgument(shariahInputSchema), version }),
  restoreShariah: z.object({ isin: isinSchema, version: version.min(1), expectedVersion: version }),
} as const satisfies Record<string, z.ZodObject>;
