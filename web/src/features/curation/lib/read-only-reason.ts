import {
  effectivePermissions,
  isAllowed,
  isGeneralResource,
  type PermissionSet,
  type Resource,
  type Roles,
} from '@core/permissions';

/**
 * Why the session may not update `resource` for the company, or undefined when it may (§6 with
 * core's rule). `what` names the item in the plural as the sentence needs it ("descriptions").
 * A GENERAL resource (SHARIAH) is never updatable with a set: editors may at most read it.
 */
export function curationReadOnlyReason(
  session: Roles & { readonly permissions: PermissionSet | null },
  resource: Resource,
  isin: string,
  what: string,
): string | undefined {
  const set = effectivePermissions(session, session.permissions);
  if (isAllowed(set, resource, 'update', isin)) return undefined;
  if (isGeneralResource(resource)) {
    return `Editors may read the ${what}; only admins change them.`;
  }
  return isAllowed(set, resource, 'update')
    ? `Your permission set allows changing the ${what} of other companies, not of ${isin}.`
    : `Your permission set does not allow changing ${what}.`;
}
