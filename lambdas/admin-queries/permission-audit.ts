import type { PermissionAuditEntry } from '../../core/user-record';

/** How many changes a record keeps: enough to see who did what lately. */
export const AUDIT_MAX_ENTRIES = 20;
/**
 * And how large the trail may grow (JSON characters): the record lives in one DynamoDB item,
 * which cannot exceed 400 KB, and each entry holds two whole sets.
 */
export const AUDIT_MAX_CHARS = 150_000;

/** The trail with `entry` appended, oldest entries dropped to stay within both bounds. */
export function appendAudit(
  trail: readonly PermissionAuditEntry[],
  entry: PermissionAuditEntry,
  { maxEntries = AUDIT_MAX_ENTRIES, maxChars = AUDIT_MAX_CHARS } = {},
): PermissionAuditEntry[] {
  const kept = [...trail, entry].slice(-maxEntries);
  let chars = kept.reduce((sum, e) => sum + JSON.stringify(e).length, 0);
  // The newest entry always stays: it is the change being made.
  while (kept.length > 1 && chars > maxChars) chars -= JSON.stringify(kept.shift()).length;
  return kept;
}

/** Who changed the set last and when (the SPA's "Last changed by … on …"); null if nobody has. */
export function lastChangeOf(
  trail: readonly PermissionAuditEntry[] | undefined,
): { readonly by: string; readonly at: string } | null {
  const last = trail?.at(-1);
  return last ? { by: last.by, at: last.at } : null;
}
