import { Forbidden } from '../../core/domain-errors';
import { isAllowed, type Action, type PermissionSet, type Resource } from '../../core/permissions';
import { rolesFromGroups } from '../../core/session';
import type { UsersRepository } from '../ports/users-repository';
import { callerPermissions } from '../shared/caller-permissions';
import type { Caller } from '../shared/claims';

/** Who calls a curation operation: the verified token's subject, e-mail and groups. */
export type Curator = Pick<Caller, 'sub' | 'email' | 'groups'>;

/** How an audit entry names the curator: the e-mail people know, else the stable subject. */
export const curatorName = (curator: Curator): string => curator.email ?? curator.sub;

/**
 * The one authorisation of every curation service: core's permission rule (§6) per resource,
 * action and ISIN, with the caller's stored set. Admins always pass, editors where their set
 * allows, everyone else is refused before anything is read.
 */
export class CuratorAccess {
  constructor(private readonly users: Pick<UsersRepository, 'get'>) {}

  /**
   * §6's rule reads "no set" as "everything allowed": only admins and editors curate at all. The
   * edge calls this before it validates input, so others learn nothing from a validation message.
   */
  assertCurator(curator: Pick<Curator, 'groups'>): void {
    const roles = rolesFromGroups(curator.groups);
    if (!roles.isAdmin && !roles.isEditor) throw new Forbidden('Curation needs an admin or editor');
  }

  /** The caller's effective set (null: everything allowed), after refusing non-curators. */
  async permissionSet(curator: Curator): Promise<PermissionSet | null> {
    this.assertCurator(curator);
    return callerPermissions(this.users, curator);
  }

  async authorize(
    curator: Curator,
    resource: Resource,
    action: Action,
    isin: string,
    what: string,
  ): Promise<void> {
    this.assertCurator(curator);
    const set = await callerPermissions(this.users, curator);
    if (!isAllowed(set, resource, action, isin)) {
      throw new Forbidden(`You may not ${action} ${what} of ${isin}`);
    }
  }
}
