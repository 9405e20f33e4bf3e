import { Forbidden } from '../../core/domain-errors';
import { hasPermissionSet } from '../../core/permissions';
import { rolesFromGroups } from '../../core/session';
import { userDirectoryAccess, type UserDirectoryAccess } from '../../core/user-directory-access';
import type { UsersRepository } from '../ports/users-repository';
import type { Caller } from '../shared/claims';

/** SPEC §6: admin calls carry the ID token; the server checks the admin group itself. */
export function requireAdmin(caller: Caller): void {
  if (!rolesFromGroups(caller.groups).isAdmin) throw new Forbidden('Admin access required');
}

/**
 * The caller's access to the user directory. An editor's depends on their STORED permission set,
 * looked up by the sub of the verified token (never anything the request says); roles that no set
 * governs need no lookup.
 */
async function directoryAccessOf(
  caller: Caller,
  users: UsersRepository,
): Promise<UserDirectoryAccess> {
  const roles = rolesFromGroups(caller.groups);
  const stored = hasPermissionSet(roles)
    ? (await users.get(caller.sub))?.permissionSet?.accessLevels
    : null;
  return userDirectoryAccess(roles, stored);
}

/** Listing users: admins, and editors whose stored set grants USERS read. */
export async function requireUserListAccess(caller: Caller, users: UsersRepository): Promise<void> {
  if ((await directoryAccessOf(caller, users)) === 'none') {
    throw new Forbidden('Admin access or read permission on users required');
  }
}
