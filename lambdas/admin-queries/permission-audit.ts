import { diffPermissionSets, type PermissionSet } from '../../core/permissions';
import type { PermissionAuditEntry } from '../../core/user-record';

/** How many changes a record keeps: enough to see who did what lately. */
export const AUDIT_MAX_ENTRIES = 20;
/**
 * And how large the trail may grow (UTF-8 bytes of its JSON). The record is one DynamoDB item of
 * at most 400 KB: a bounded set is at most ~35 KB and the largest change (every identifier
 * replaced) ~71 KB, so even a trail of such changes keeps set and trail under half the limit.
 */
export const AUDIT_MAX_BYTES = 150_000;

const bytes = (entry: PermissionAuditEntry) => Buffer.byteLength(JSON.stringify(entry));

/** The audit entry of a change by `by` at `at`: what it added and removed, not the whole sets. */
export function auditEntry(
  by: string,
  at: string,
  before: PermissionSet | null,
  after: PermissionSet,
): PermissionAuditEntry {
  return { by, at, changes: diffPermissionSets(before, after) };
}

/** The trail with `entry` appended, oldest entries dropped to stay within both bounds. */
export function appendAudit(
  trail: readonly PermissionAuditEntry[],
  entry: PermissionAuditEntry,
  { maxEntries = AUDIT_MAX_ENTRIES, maxBytes = AUDIT_MAX_BYTES } = {},
): PermissionAuditEntry[] {
  const kept = [...trail, entry].slice(-maxEntries);
  let size = kept.reduce((sum, e) => sum + bytes(e), 0);
  // The newest entry always stays: it is the change being made.
  while (kept.length > 1 && size > maxBytes) size -= bytes(kept.shift()!);
  return kept;
}

/** Who changed the set last and when (the SPA's "Last changed by … on …"); null if nobody has. */
export function lastChangeOf(
  trail: readonly PermissionAuditEntry[],
): { readonly by: string; readonly at: string } | null {
  const last = trail.at(-1);
  return last ? { by: last.by, at: last.at } : null;
}
