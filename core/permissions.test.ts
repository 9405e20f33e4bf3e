import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  ALL,
  diffPermissionSets,
  effectivePermissions,
  emptyPermissionSet,
  isAllowed,
  ITEM_RESOURCES,
  readableItems,
  RESOURCES,
  type PermissionSet,
} from './permissions';

const withLists = (
  patch: Partial<Record<keyof PermissionSet, Partial<Record<string, string[]>>>>,
): PermissionSet => {
  const set = emptyPermissionSet() as unknown as Record<string, Record<string, unknown>>;
  for (const [resource, lists] of Object.entries(patch))
    set[resource] = { ...set[resource], ...lists };
  return set as unknown as PermissionSet;
};

describe('§3 permission set', () => {
  it('has the six resources with four empty lists each, GENERAL on SHARIAH and USERS only', () => {
    const set = emptyPermissionSet();
    expect(Object.keys(set)).toEqual([...RESOURCES]);
    for (const resource of RESOURCES) {
      for (const action of ACTIONS) expect(set[resource][action]).toEqual([]);
    }
    expect('GENERAL' in set.SHARIAH && set.SHARIAH.GENERAL).toBe(true);
    expect('GENERAL' in set.USERS && set.USERS.GENERAL).toBe(true);
    expect('GENERAL' in set.STOCKS).toBe(false);
  });

  it('returns a fresh object each time', () => {
    expect(emptyPermissionSet()).not.toBe(emptyPermissionSet());
  });
});

describe('§6 permission rule', () => {
  it('allows everything without a set', () => {
    for (const resource of RESOURCES) {
      for (const action of ACTIONS) expect(isAllowed(null, resource, action, 'X')).toBe(true);
    }
    expect(isAllowed(undefined, 'SHARIAH', 'delete')).toBe(true);
  });

  it('allows nothing with an empty set', () => {
    const set = emptyPermissionSet();
    for (const resource of RESOURCES) {
      for (const action of ACTIONS) {
        expect(isAllowed(set, resource, action)).toBe(false);
        expect(isAllowed(set, resource, action, 'US0378331005')).toBe(false);
      }
    }
  });

  it('restricts item resources to the listed identifiers, per action', () => {
    const set = withLists({ STOCKS: { read: ['US1', 'US2'], update: ['US2'] } });
    expect(isAllowed(set, 'STOCKS', 'read', 'US1')).toBe(true);
    expect(isAllowed(set, 'STOCKS', 'update', 'US1')).toBe(false);
    expect(isAllowed(set, 'STOCKS', 'update', 'US2')).toBe(true);
    expect(isAllowed(set, 'STOCKS', 'read', 'US3')).toBe(false);
    expect(isAllowed(set, 'SHEETS', 'read', 'US1')).toBe(false);
    expect(isAllowed(set, 'STOCKS', 'read')).toBe(true);
    expect(isAllowed(set, 'STOCKS', 'delete')).toBe(false);
  });

  it('grants a GENERAL resource only through read with ALL', () => {
    expect(isAllowed(withLists({ SHARIAH: { read: ['ALL'] } }), 'SHARIAH', 'read')).toBe(true);
    expect(isAllowed(withLists({ SHARIAH: { read: ['US1'] } }), 'SHARIAH', 'read')).toBe(false);
    expect(isAllowed(withLists({ USERS: { update: ['ALL'] } }), 'USERS', 'update')).toBe(false);
    expect(isAllowed(withLists({ USERS: { read: ['ALL'] } }), 'USERS', 'delete')).toBe(false);
    expect(isAllowed(withLists({ USERS: { read: ['ALL'] } }), 'SHARIAH', 'read')).toBe(false);
  });
});

describe('readableItems: the items of a resource a set lets one read', () => {
  it('is every item without a set, with ALL in the read list, or with read on a GENERAL resource', () => {
    expect(readableItems(null, 'STOCKS')).toBe('all');
    expect(readableItems(undefined, 'SHARIAH')).toBe('all');
    expect(readableItems(withLists({ SHEETS: { read: ['ALL', 'US1'] } }), 'SHEETS')).toBe('all');
    expect(readableItems(withLists({ SHARIAH: { read: ['ALL'] } }), 'SHARIAH')).toBe('all');
  });

  it('is the listed items, and only of the resource asked about', () => {
    const set = withLists({ ANALYST: { read: ['US1', 'US2'], update: ['US3'] } });
    expect(readableItems(set, 'ANALYST')).toEqual(new Set(['US1', 'US2']));
    expect(readableItems(set, 'STOCKS')).toEqual(new Set());
  });

  it('is nothing with an empty set, or a GENERAL read list without ALL', () => {
    expect(readableItems(emptyPermissionSet(), 'DESCRIPTION')).toEqual(new Set());
    expect(readableItems(withLists({ SHARIAH: { read: ['US1'] } }), 'SHARIAH')).toEqual(new Set());
  });
});

describe('effectivePermissions: the set §6 is applied with, one rule for SPA and server', () => {
  const stored = withLists({ USERS: { read: [ALL] } });
  const admin = { isAdmin: true, isEditor: false };
  const editor = { isAdmin: false, isEditor: true };
  const adminEditor = { isAdmin: true, isEditor: true };
  const user = { isAdmin: false, isEditor: false };

  it("is an editor's stored set", () => {
    expect(effectivePermissions(editor, stored)).toBe(stored);
  });

  it('gives an editor without a stored set the empty set, never "everything allowed"', () => {
    for (const none of [null, undefined]) {
      const set = effectivePermissions(editor, none);
      expect(set).toEqual(emptyPermissionSet());
      expect(isAllowed(set, 'USERS', 'read')).toBe(false);
    }
  });

  it('is no set (null) for admins, editors among them, and for non-editors, whatever is stored', () => {
    for (const roles of [admin, adminEditor, user]) {
      expect(effectivePermissions(roles, stored)).toBeNull();
      expect(effectivePermissions(roles, null)).toBeNull();
    }
  });
});

describe('diffPermissionSets: a change as small as the change', () => {
  it('lists the identifiers each item list gained and lost, leaving unchanged lists out', () => {
    const before = withLists({ STOCKS: { read: ['US1', 'US2'], update: ['US9'] } });
    const after = withLists({
      STOCKS: { read: ['US2', 'US3'], update: ['US9'] },
      SHEETS: { delete: [ALL] },
    });
    expect(diffPermissionSets(before, after)).toEqual({
      items: {
        STOCKS: { read: { added: ['US3'], removed: ['US1'] } },
        SHEETS: { delete: { added: [ALL], removed: [] } },
      },
      generalRead: {},
    });
  });

  it('records GENERAL read switched on or off', () => {
    const before = withLists({ SHARIAH: { read: [ALL] } });
    const after = withLists({ USERS: { read: [ALL] } });
    expect(diffPermissionSets(before, after)).toEqual({
      items: {},
      generalRead: { SHARIAH: false, USERS: true },
    });
  });

  it('counts a first set from the empty set, and no change as an empty diff', () => {
    const first = withLists({ ANALYST: { create: ['US1'] }, USERS: { read: [ALL] } });
    expect(diffPermissionSets(null, first)).toEqual({
      items: { ANALYST: { create: { added: ['US1'], removed: [] } } },
      generalRead: { USERS: true },
    });
    expect(diffPermissionSets(first, first)).toEqual({ items: {}, generalRead: {} });
  });

  it('covers every item resource (GENERAL ones are not item resources)', () => {
    expect(ITEM_RESOURCES).toEqual(['STOCKS', 'SHEETS', 'ANALYST', 'DESCRIPTION']);
  });
});
