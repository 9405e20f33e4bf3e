/**
 * ListUsers' Filter for "e-mail starts with": `email ^= "…"`. Cognito reads the value between
 * double quotes with backslash escapes, so a quote or backslash in the prefix is escaped rather
 * than ending the value (or smuggling in a different filter).
 */
export function emailPrefixFilter(prefix: string): string {
  return `email ^= "${prefix.replace(/["\\]/g, '\\$&')}"`;
}
