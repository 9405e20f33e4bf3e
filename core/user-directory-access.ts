import { emptyPermissionSet, isAllowed, type PermissionSet } from './permissions';

/** What a session may do with the user directory (SPEC §6, §7 AdminQueries). */
export type UserDirectoryAccess = 'manage' | 'read' | 'none';

export interface DirectoryRoles {
  readonly isAdmin: boolean;
  readonly isEditor: boolean;
}

/**
 * Admins list, enable and disable users (§6). An editor may only list them, and only when their
 * permission set grants USERS read (a GENERAL resource: read containing ALL). An editor without a
 * set gets the empty set: §6's "no set → everything allowed" is the admins' case, not theirs.
 * The server decides with the stored set; the SPA uses the same rule to hide what it would refuse.
 */
export function userDirectoryAccess(
  roles: DirectoryRoles,
  permissions: PermissionSet | null | undefined,
): UserDirectoryAccess {
  if (roles.isAdmin) return 'manage';
  if (!roles.isEditor) return 'none';
  return isAllowed(permissions ?? emptyPermissionSet(), 'USERS', 'read') ? 'read' : 'none';
}
