import { describe, expect, it } from 'vitest';
import { emptyPermissionSet, isAllowed, type PermissionSet } from '@core/permissions';
import { ISIN_MESSAGE } from '@core/isin';
import { permissionSetSchema } from '@core/permissions-schema';
import {
  addItem,
  checkIdentifier,
  draftFrom,
  permissionSetFrom,
  removeItem,
  savesSame,
  setGeneralRead,
  setScope,
} from './permission-draft';
import { describePermissions } from './permission-summary';

const APPLE = 'US0378331005';
const set = emptyPermissionSet();

describe('permission draft (SPEC §3)', () => {
  it('round-trips a stored set and saves what core’s schema accepts', () => {
    const stored: PermissionSet = {
      ...set,
      STOCKS: { ...set.STOCKS, read: ['ALL'], update: [APPLE] },
      USERS: { ...set.USERS, read: ['ALL'] },
    };
    const saved = permissionSetFrom(draftFrom(stored));
    expect(saved).toEqual(stored);
    expect(permissionSetSchema.safeParse(saved).success).toBe(true);
    expect(permissionSetFrom(draftFrom(null))).toEqual(set);
  });

  it('saves GENERAL resources as read = [ALL] or nothing, whatever else was stored', () => {
    const odd: PermissionSet = {
      ...set,
      SHARIAH: { ...set.SHARIAH, read: ['X'], update: ['ALL'] },
    };
    const draft = draftFrom(odd);
    expect(permissionSetFrom(draft).SHARIAH).toEqual({ ...set.SHARIAH });
    const granted = permissionSetFrom(setGeneralRead(draft, 'SHARIAH', true));
    expect(granted.SHARIAH.read).toEqual(['ALL']);
    expect(isAllowed(granted, 'SHARIAH', 'read')).toBe(true);
  });

  it('keeps items behind "all items" and "none" until they are chosen again', () => {
    let draft = addItem(draftFrom(null), 'SHEETS', 'update', APPLE);
    expect(permissionSetFrom(draft).SHEETS.update).toEqual([APPLE]);
    draft = setScope(draft, 'SHEETS', 'update', 'all');
    expect(permissionSetFrom(draft).SHEETS.update).toEqual(['ALL']);
    draft = setScope(draft, 'SHEETS', 'update', 'none');
    expect(permissionSetFrom(draft).SHEETS.update).toEqual([]);
    draft = setScope(draft, 'SHEETS', 'update', 'items');
    expect(permissionSetFrom(draft).SHEETS.update).toEqual([APPLE]);
    expect(savesSame(removeItem(draft, 'SHEETS', 'update', APPLE), draftFrom(null))).toBe(true);
  });

  it('checks identifiers: trimmed, upper-cased, an ISIN, not twice', () => {
    expect(checkIdentifier(` ${APPLE.toLowerCase()} `, [])).toEqual({ id: APPLE });
    expect(checkIdentifier('   ', [])).toEqual({ error: 'Enter an ISIN to add.' });
    expect(checkIdentifier('ALL', [])).toEqual({
      error: `“ALL” ${ISIN_MESSAGE}.`,
    });
    expect(checkIdentifier(APPLE, [APPLE])).toEqual({ error: `${APPLE} is already in the list.` });
  });
});

describe('permission summary', () => {
  it('groups actions that reach the same items and cuts long lists', () => {
    const many = Array.from({ length: 7 }, (_, i) => `US000000000${i}`);
    const summary = describePermissions({
      ...set,
      STOCKS: { read: ['ALL'], create: [], update: ['ALL'], delete: [APPLE] },
      SHEETS: { ...set.SHEETS, read: many },
      SHARIAH: { ...set.SHARIAH, read: ['ALL'] },
    });
    expect(summary).toEqual([
      `Stocks: read and update all items; delete ${APPLE}`,
      'Sheets: read US0000000000, US0000000001, US0000000002, US0000000003, US0000000004 and 2 more',
      'Shariah: read',
    ]);
    expect(describePermissions(set)).toEqual([]);
  });
});
