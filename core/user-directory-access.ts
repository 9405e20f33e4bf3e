import { effectivePermissions, isAllowed, type PermissionSet, type Roles } from './permissions';

/** What a session may do with the user directory (SPEC §6, §7 AdminQueries). */
export type UserDirectoryAccess = 'manage' | 'read' | 'none';

/**
 * Admins list, enable and disable users (§6). An editor may only list them, and only when their
 * effective set grants USERS read (a GENERAL resource: read containing ALL); without a stored set
 * that is the empty set. The server decides with the stored set; the SPA uses the same rule to
 * hide what it would refuse.
 */
export function userDirectoryAccess(
  roles: Roles,
  stored: PermissionSet | null | undefined,
): UserDirectoryAccess {
  if (roles.isAdmin) return 'manage';
  if (!roles.isEditor) return 'none';
  return isAllowed(effectivePermissions(roles, stored), 'USERS', 'read') ? 'read' : 'none';
}
