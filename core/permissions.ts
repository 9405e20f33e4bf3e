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

/** The resources whose lists name items (ISINs): every resource but the GENERAL ones. */
export type ItemResource = Exclude<Resource, GeneralResource>;
export const ITEM_RESOURCES = RESOURCES.filter(
  (resource): resource is ItemResource => !isGeneralResource(resource),
);

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

/**
 * Which items of a resource the set lets one read: every one (no set, ALL in the read list, or
 * read on a GENERAL resource), the listed ones, or none (an empty set).
 */
export function readableItems(
  set: PermissionSet | null | undefined,
  resource: Resource,
): 'all' | ReadonlySet<string> {
  if (!set) return 'all';
  if (!isAllowed(set, resource, 'read')) return new Set();
  const list = set[resource].read;
  if (isGeneralResource(resource) || list.includes(ALL)) return 'all';
  return new Set(list);
}

/** The session's roles as far as permissions go (from the verified token's groups, §6). */
export interface Roles {
  readonly isAdmin: boolean;
  readonly isEditor: boolean;
}

/** Whether a stored set governs these roles: only an editor's does, and an admin is never limited. */
export const hasPermissionSet = (roles: Roles): boolean => roles.isEditor && !roles.isAdmin;

/**
 * The set §6's rule is applied with, for the SPA's guards and the server alike. Admins (editors
 * or not) and non-editors have none: null, "everything allowed" (what a plain user may open is
 * decided by the route's roles, not by a set). An editor has their stored set, and without one the
 * empty set: nothing is allowed until an admin grants it.
 */
export function effectivePermissions(
  roles: Roles,
  stored: PermissionSet | null | undefined,
): PermissionSet | null {
  if (!hasPermissionSet(roles)) return null;
  return stored ?? emptyPermissionSet();
}

/** What one change did to one item list. */
interface ListChange {
  readonly added: readonly string[];
  readonly removed: readonly string[];
}

/**
 * A change of a permission set, as small as the change itself: per item resource and action the
 * identifiers added and removed (unchanged lists left out), and the GENERAL resources whose read
 * was switched on (true) or off (false): the admin API takes nothing else in their lists.
 */
export interface PermissionSetDiff {
  readonly items: { readonly [R in ItemResource]?: { readonly [A in Action]?: ListChange } };
  readonly generalRead: { readonly [R in GeneralResource]?: boolean };
}

/** The diff from `before` (null: no set stored yet, counted as the empty set) to `after`. */
export function diffPermissionSets(
  before: PermissionSet | null,
  after: PermissionSet,
): PermissionSetDiff {
  const from = before ?? emptyPermissionSet();
  const items: Partial<Record<ItemResource, Partial<Record<Action, ListChange>>>> = {};
  for (const resource of ITEM_RESOURCES) {
    for (const action of ACTIONS) {
      const old = new Set(from[resource][action]);
      const now = new Set(after[resource][action]);
      const added = [...now].filter((id) => !old.has(id));
      const removed = [...old].filter((id) => !now.has(id));
      if (added.length || removed.length) {
        items[resource] = { ...items[resource], [action]: { added, removed } };
      }
    }
  }
  const generalRead: Partial<Record<GeneralResource, boolean>> = {};
  for (const resource of GENERAL_RESOURCES) {
    const reads = isAllowed(after, resource, 'read');
    if (reads !== isAllowed(from, resource, 'read')) generalRead[resource] = reads;
  }
  return { items, generalRead };
}
