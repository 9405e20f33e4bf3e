import { isinSchema } from '@core/isin';
import {
  ACTIONS,
  ALL,
  emptyPermissionSet,
  GENERAL_RESOURCES,
  ITEM_RESOURCES,
  type Action,
  type ActionLists,
  type GeneralResource,
  type ItemResource,
  type PermissionSet,
} from '@core/permissions';

/**
 * The permission-set editor's working copy. It keeps more than a PermissionSet can say: a
 * "specific items" choice with no items yet, and the items behind an "all items" choice, so
 * switching back and forth loses nothing. permissionSetFrom() turns it into what is saved.
 */

/** none = [], all = ['ALL'], items = the listed identifiers. */
export type Scope = 'none' | 'all' | 'items';

export interface ActionDraft {
  readonly scope: Scope;
  readonly items: readonly string[];
}

type ItemDrafts = { readonly [A in Action]: ActionDraft };

export interface PermissionDraft {
  readonly items: { readonly [R in ItemResource]: ItemDrafts };
  /** GENERAL resources: read on means read = ['ALL']; nothing else grants them (§6). */
  readonly generalRead: { readonly [R in GeneralResource]: boolean };
}

function actionDraft(list: readonly string[]): ActionDraft {
  if (list.includes(ALL)) return { scope: 'all', items: list.filter((id) => id !== ALL) };
  return { scope: list.length > 0 ? 'items' : 'none', items: list };
}

const mapActions = <T>(make: (action: Action) => T) =>
  Object.fromEntries(ACTIONS.map((action) => [action, make(action)])) as { [A in Action]: T };

/** The draft of a stored set; an account without one starts from the empty set (§3 default). */
export function draftFrom(set: PermissionSet | null): PermissionDraft {
  const source = set ?? emptyPermissionSet();
  const items = Object.fromEntries(
    ITEM_RESOURCES.map((resource) => [
      resource,
      mapActions((action) => actionDraft(source[resource][action])),
    ]),
  ) as PermissionDraft['items'];
  const generalRead = Object.fromEntries(
    GENERAL_RESOURCES.map((resource) => [resource, source[resource].read.includes(ALL)]),
  ) as PermissionDraft['generalRead'];
  return { items, generalRead };
}

function listOf({ scope, items }: ActionDraft): readonly string[] {
  if (scope === 'all') return [ALL];
  return scope === 'items' ? items : [];
}

/** What the draft saves: every resource and action, GENERAL ones with read only. */
export function permissionSetFrom(draft: PermissionDraft): PermissionSet {
  const lists = (resource: ItemResource): ActionLists =>
    mapActions((action) => listOf(draft.items[resource][action]));
  const general = (resource: GeneralResource) => ({
    read: draft.generalRead[resource] ? [ALL] : [],
    create: [],
    update: [],
    delete: [],
    GENERAL: true as const,
  });
  return {
    STOCKS: lists('STOCKS'),
    SHEETS: lists('SHEETS'),
    ANALYST: lists('ANALYST'),
    DESCRIPTION: lists('DESCRIPTION'),
    SHARIAH: general('SHARIAH'),
    USERS: general('USERS'),
  };
}

/** Whether two drafts save the same set (built in one key order, so JSON compares them). */
export const savesSame = (a: PermissionDraft, b: PermissionDraft): boolean =>
  JSON.stringify(permissionSetFrom(a)) === JSON.stringify(permissionSetFrom(b));

function withAction(
  draft: PermissionDraft,
  resource: ItemResource,
  action: Action,
  change: (current: ActionDraft) => ActionDraft,
): PermissionDraft {
  const actions = draft.items[resource];
  return {
    ...draft,
    items: { ...draft.items, [resource]: { ...actions, [action]: change(actions[action]) } },
  };
}

export const setScope = (
  draft: PermissionDraft,
  resource: ItemResource,
  action: Action,
  scope: Scope,
): PermissionDraft => withAction(draft, resource, action, (current) => ({ ...current, scope }));

export const addItem = (
  draft: PermissionDraft,
  resource: ItemResource,
  action: Action,
  id: string,
): PermissionDraft =>
  withAction(draft, resource, action, (current) => ({
    scope: 'items',
    items: [...current.items, id],
  }));

export const removeItem = (
  draft: PermissionDraft,
  resource: ItemResource,
  action: Action,
  id: string,
): PermissionDraft =>
  withAction(draft, resource, action, (current) => ({
    ...current,
    items: current.items.filter((item) => item !== id),
  }));

export const setGeneralRead = (
  draft: PermissionDraft,
  resource: GeneralResource,
  read: boolean,
): PermissionDraft => ({ ...draft, generalRead: { ...draft.generalRead, [resource]: read } });

export type IdentifierCheck = { readonly id: string } | { readonly error: string };

/**
 * An identifier typed into an item list: trimmed and upper-cased (ISINs are upper case), then
 * checked with core's ISIN rule and against the list it would join.
 */
export function checkIdentifier(raw: string, existing: readonly string[]): IdentifierCheck {
  const id = raw.trim().toUpperCase();
  if (id === '') return { error: 'Enter an ISIN to add.' };
  const parsed = isinSchema.safeParse(id);
  if (!parsed.success) {
    return { error: `“${id}” ${parsed.error.issues[0]?.message ?? 'is not an ISIN'}.` };
  }
  if (existing.includes(id)) return { error: `${id} is already in the list.` };
  return { id };
}
