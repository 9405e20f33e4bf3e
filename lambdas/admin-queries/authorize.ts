import type { APIGatewayProxyEvent } from 'aws-lambda';
import { hasPermissionSet } from '../../core/permissions';
import { rolesFromGroups } from '../../core/session';
import { userDirectoryAccess, type UserDirectoryAccess } from '../../core/user-directory-access';
import type { UsersRepository } from '../ports/users-repository';
import { callerFrom, type Caller } from '../shared/claims';
import { HttpError } from '../shared/http';

/** SPEC §6: admin calls carry the ID token; the server checks the admin group itself. */
export function requireAdmin(event: APIGatewayProxyEvent): Caller {
  const caller = callerFrom(event);
  if (!rolesFromGroups(caller.groups).isAdmin) throw new HttpError(403, 'Admin access required');
  return caller;
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
export async function requireUserListAccess(
  event: APIGatewayProxyEvent,
  users: UsersRepository,
): Promise<Caller> {
  const caller = callerFrom(event);
  if ((await directoryAccessOf(caller, users)) === 'none') {
    throw new HttpError(403, 'Admin access or read permission on users required');
  }
  return caller;
}
