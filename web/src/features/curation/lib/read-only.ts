import {
  effectivePermissions,
  isAllowed,
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
  const verb = VERBS[action];
  return isAllowed(set, resource, action)
    ? `Your permission set allows ${verb} the ${noun} of other companies, not of ${isin}.`
    : `Your permission set does not allow ${verb} ${noun}.`;
}
