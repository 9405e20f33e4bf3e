import {
  effectivePermissions,
  isAllowed,
  isGeneralResource,
  type Action,
  type PermissionSet,
  type Resource,
  type Roles,
} from '@core/permissions';

const VERBS: Record<Action, string> = {
  read: 'reading',
  create: 'adding',
  update: 'changing',
  delete: 'deleting',
};

/**
 * Why the session may not do `action` on the resource for the ISIN (core's rule, the one the
 * server applies), or undefined when it may: what a read-only screen says.
 */
export function curationReason(
  session: Roles & { readonly permissions: PermissionSet | null },
  resource: Resource,
  action: Action,
  isin: string,
  noun: string,
): string | undefined {
  const set = effectivePermissions(session, session.permissions);
  if (isAllowed(set, resource, action, isin)) return undefined;
  // A GENERAL resource (SHARIAH) is never changed with a set: editors may at most read it.
  if (isGeneralResource(resource) && action !== 'read') {
    return `Editors may read the ${noun}; only admins change them.`;
  }
  const verb = VERBS[action];
  return isAllowed(set, resource, action)
    ? `Your permission set allows ${verb} the ${noun} of other companies, not of ${isin}.`
    : `Your permission set does not allow ${verb} ${noun}.`;
}

/** Why the session may not change the company's item of `resource` (the editors' screens). */
export const curationReadOnlyReason = (
  session: Roles & { readonly permissions: PermissionSet | null },
  resource: Resource,
  isin: string,
  what: string,
): string | undefined => curationReason(session, resource, 'update', isin, what);

/**
 * Why the session may not add any item of `resource` (no ISIN yet: the create list is empty), or
 * undefined when it may add some: what an add screen says before anything is typed.
 */
export function createReason(
  session: Roles & { readonly permissions: PermissionSet | null },
  resource: Resource,
  noun: string,
): string | undefined {
  const set = effectivePermissions(session, session.permissions);
  if (isAllowed(set, resource, 'create')) return undefined;
  return `Your permission set does not allow adding ${noun}. An admin can grant it on the Editors screen.`;
}
