import { describe, expect, it } from 'vitest';
import { ALL, emptyPermissionSet, type PermissionSet } from './permissions';
import { userDirectoryAccess } from './user-directory-access';

const empty = emptyPermissionSet();
const usersRead: PermissionSet = { ...empty, USERS: { ...empty.USERS, read: [ALL] } };
const admin = { isAdmin: true, isEditor: false };
const editor = { isAdmin: false, isEditor: true };
const user = { isAdmin: false, isEditor: false };

describe('userDirectoryAccess (SPEC §6)', () => {
  it('lets admins manage users, with or without a set', () => {
    expect(userDirectoryAccess(admin, null)).toBe('manage');
    expect(userDirectoryAccess(admin, empty)).toBe('manage');
    expect(userDirectoryAccess({ isAdmin: true, isEditor: true }, empty)).toBe('manage');
  });

  it('lets an editor read the list only with USERS read (ALL)', () => {
    expect(userDirectoryAccess(editor, usersRead)).toBe('read');
    expect(userDirectoryAccess(editor, empty)).toBe('none');
  });

  it('gives an editor without a stored set nothing, never "everything allowed"', () => {
    expect(userDirectoryAccess(editor, null)).toBe('none');
    expect(userDirectoryAccess(editor, undefined)).toBe('none');
  });

  it('counts only read with ALL: other actions or item ids grant nothing (GENERAL resource)', () => {
    const others: PermissionSet = {
      ...empty,
      USERS: {
        read: ['someone@example.com'],
        create: [ALL],
        update: [ALL],
        delete: [ALL],
        GENERAL: true,
      },
    };
    expect(userDirectoryAccess(editor, others)).toBe('none');
  });

  it('gives plain users nothing, whatever set they carry', () => {
    expect(userDirectoryAccess(user, null)).toBe('none');
    expect(userDirectoryAccess(user, usersRead)).toBe('none');
  });
});
