import * as z from 'zod';

/**
 * Curated text is plain text: the public pages render it as text (React escapes it), so markup is
 * refused rather than stripped — stripping would store something other than what the curator
 * wrote. Something that reads as an HTML tag, comment or doctype: '<' then a letter, '/', '!' or
 * '?'; "revenue < cost" or "a <3 b" stay allowed.
 */
export const HTML_TAG = /<[a-zA-Z/!?]/;

/** A trimmed plain-text field of `min`–`max` characters; every message names the field. */
export const plainText = (field: string, { min = 1, max }: { min?: number; max: number }) =>
  z
    .string(`${field} must be text`)
    .trim()
    .min(min, min > 1 ? `${field} needs at least ${min} characters` : `${field} must not be empty`)
    .max(max, `${field} takes at most ${max} characters`)
    .refine((value) => !HTML_TAG.test(value), `${field} is plain text: HTML tags are not allowed`);
