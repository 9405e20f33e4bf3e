import { effectivePermissions, hasPermissionSet, type PermissionSet } from '../../core/permissions';
import { rolesFromGroups } from '../../core/session';
import type { UsersRepository } from '../ports/users-repository';
import type { Caller } from './claims';

/**
 * The set §6's rule is applied with for this caller: the token's groups decide whose set counts
 * (not a set left over in the table), an editor's stored set is read from their record, and
 * admins and non-editors get null ("everything allowed", their routes' roles decide the rest).
 */
export async function callerPermissions(
  users: Pick<UsersRepository, 'get'>,
  caller: Pick<Caller, 'sub' | 'groups'>,
): Promise<PermissionSet | null> {
  const roles = rolesFromGroups(caller.groups);
  const stored = hasPermissionSet(roles)
    ? (await users.get(caller.sub))?.permissionSet?.accessLevels
    : null;
  return effectivePermissions(roles, stored);
}
