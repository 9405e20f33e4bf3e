import * as z from 'zod';
import { isinSchema } from '../isin';
import { HTML_TAG } from './plain-text';

/** SPEC's company description as curated: plain text, the public page renders it as text. */
export const DESCRIPTION_MIN_LENGTH = 1;
export const DESCRIPTION_MAX_LENGTH = 5_000;

/**
 * The rule for a description's text: trimmed, 1–5,000 characters, and no HTML. Markup is refused,
 * not stripped: stripping would silently store something other than what the editor wrote, and
 * the public page renders the text as text (React escapes it), so refusing tags is about honest
 * content, while no script can reach the page either way.
 */
export const descriptionTextSchema = z
  .string()
  .trim()
  .min(DESCRIPTION_MIN_LENGTH, { message: 'The description must not be empty' })
  .max(DESCRIPTION_MAX_LENGTH, {
    message: `The description takes at most ${DESCRIPTION_MAX_LENGTH} characters`,
  })
  .refine((text) => !HTML_TAG.test(text), {
    message: 'The description is plain text: HTML tags are not allowed',
  });

/** A version number as the API passes it: 0 is "never curated" (the ingested text). */
export const descriptionVersionSchema = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);

/** The GraphQL fields' arguments (core/api/graphql.ts). */
export const DESCRIPTION_ARGS = {
  curatedDescription: z.object({ isin: isinSchema }),
  descriptionHistory: z.object({ isin: isinSchema }),
  updateDescription: z.object({
    isin: isinSchema,
    text: descriptionTextSchema,
    version: descriptionVersionSchema,
  }),
  restoreDescription: z.object({
    isin: isinSchema,
    version: descriptionVersionSchema.min(1),
    expectedVersion: descriptionVersionSchema,
  }),
} as const satisfies Record<string, z.ZodObject>;

/** A company's description as the curation console sees it. */
export interface CuratedDescription {
  readonly isin: string;
  readonly text: string;
  /** 0 while the text is the ingested one and nobody has curated it. */
  readonly version: number;
  readonly updatedAt: string | null;
  readonly updatedBy: string | null;
}

/** One audit entry: who changed the description when, from what to what. */
export interface DescriptionVersion {
  readonly isin: string;
  readonly version: number;
  readonly before: string;
  readonly after: string;
  readonly updatedAt: string;
  readonly updatedBy: string;
}

/** The user-facing message of a stale write (the console offers to reload and reapply). */
export { DESCRIPTION_CONFLICT_MESSAGE } from './conflict-messages';
