/**
 * The editor permission set of SPEC §3 and the permission rule of §6. Each resource has read,
 * create, update and delete lists of allowed item identifiers (empty = nothing allowed). SHARIAH
 * and USERS are GENERAL resources: not per item, and only `read` containing ALL grants anything.
 */
export const RESOURCES = [
  'STOCKS',
  'SHEETS',
  'ANALYST',
  'DESCRIPTION',
  'SHARIAH',
  'USERS',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export const GENERAL_RESOURCES = ['SHARIAH', 'USERS'] as const satisfies readonly Resource[];
export type GeneralResource = (typeof GENERAL_RESOURCES)[number];

/** The identifier that grants a GENERAL resource (and, for item resources, every item). */
export const ALL = 'ALL';

export type ActionLists = { readonly [A in Action]: readonly string[] };
export type ResourcePermissions<R extends Resource> = R extends GeneralResource
  ? ActionLists & { readonly GENERAL: true }
  : ActionLists;
export type PermissionSet = { readonly [R in Resource]: ResourcePermissions<R> };

export const isGeneralResource = (resource: Resource): resource is GeneralResource =>
  (GENERAL_RESOURCES as readonly Resource[]).includes(resource);

const emptyLists = (): ActionLists => ({ read: [], create: [], update: [], delete: [] });

/** §3: the default permission set — every list empty. */
export function emptyPermissionSet(): PermissionSet {
  return {
    STOCKS: emptyLists(),
    SHEETS: emptyLists(),
    ANALYST: emptyLists(),
    DESCRIPTION: emptyLists(),
    SHARIAH: { ...emptyLists(), GENERAL: true },
    USERS: { ...emptyLists(), GENERAL: true },
  };
}

/**
 * §6: without a set everything is allowed (admins); with a set, the resource's list for the action
 * decides. For GENERAL resources only `read` with ALL grants access. For item resources an item is
 * allowed when its identifier (or ALL) is listed; asking without an item asks "any item at all?".
 */
export function isAllowed(
  set: PermissionSet | null | undefined,
  resource: Resource,
  action: Action,
  itemId?: string,
): boolean {
  if (!set) return true;
  const list = set[resource]?.[action] ?? [];
  if (isGeneralResource(resource)) return action === 'read' && list.includes(ALL);
  if (itemId === undefined) return list.length > 0;
  return list.includes(ALL) || list.includes(itemId);
}
