import type { PermissionSet } from './permissions';

/** One change of an editor's permission set: who made it, when, and the set before and after. */
export interface PermissionAuditEntry {
  /** The admin's e-mail, from their verified token. */
  readonly by: string;
  /** ISO 8601 instant of the change. */
  readonly at: string;
  /** null when no set was stored before. */
  readonly before: PermissionSet | null;
  readonly after: PermissionSet;
}

/**
 * A record of the users table (keyed by e-mail): created when a sign-up is confirmed. The
 * subscription's shape arrives with the subscription work; until then it is null.
 */
export interface UserRecord {
  readonly email: string;
  readonly sub: string;
  readonly phoneNumber?: string;
  readonly createdAt: string;
  readonly subscription: Record<string, unknown> | null;
  /** Editors only: what they may read, create, update and delete (SPEC §3, §6). */
  readonly permissionSet?: { readonly accessLevels: PermissionSet };
  /**
   * The permission set's version: every change is a write conditional on it, so two admins cannot
   * overwrite each other unseen. Absent means 0 (nothing written by the admin API yet).
   */
  readonly permissionVersion?: number;
  /** The latest changes of the permission set, oldest first, bounded. */
  readonly permissionAudit?: readonly PermissionAuditEntry[];
}

/**
 * AdminQueries' answer for an editor's permission set (GET and PUT /editorPermissions): the set
 * (null when none is stored), the version a change must name, and who changed it last.
 */
export interface EditorPermissionsView {
  readonly email: string;
  readonly permissionSet: { readonly accessLevels: PermissionSet } | null;
  readonly version: number;
  readonly lastChange: { readonly by: string; readonly at: string } | null;
}
