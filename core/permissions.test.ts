import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  emptyPermissionSet,
  isAllowed,
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
