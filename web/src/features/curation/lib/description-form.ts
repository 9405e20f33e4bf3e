import * as z from 'zod';
import { DESCRIPTION_MAX_LENGTH, descriptionTextSchema } from '@core/curation/description';
import type { PermissionSet, Roles } from '@core/permissions';
import { curationReadOnlyReason } from './read-only';

/** The editor's form: core's rule for the text (trimmed, 1–5,000 characters, no HTML). */
export const descriptionFormSchema = z.object({ text: descriptionTextSchema });
export type DescriptionForm = z.input<typeof descriptionFormSchema>;

/** '5,000': the limit as the screen states it. */
export const LIMIT_TEXT = DESCRIPTION_MAX_LENGTH.toLocaleString('en-US');

/** The characters the text will be stored with: core's rule trims, and counts what remains. */
export const storedLength = (text: string): number => text.trim().length;

/** Why the session may not change the company's description, or undefined when it may. */
export const readOnlyReason = (
  session: Roles & { readonly permissions: PermissionSet | null },
  isin: string,
): string | undefined => curationReadOnlyReason(session, 'DESCRIPTION', isin, 'descriptions');
