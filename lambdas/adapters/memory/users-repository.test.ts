import { describe, expect, it } from 'vitest';
import { ALL, emptyPermissionSet } from '../../../core/permissions';
import type { PermissionAuditEntry } from '../../../core/user-record';
import { ItemTooLargeError, VersionConflictError } from '../../ports/users-repository';
import { InMemoryUsersRepository, itemBytes } from './users-repository';

const base = { sub: 's', createdAt: '2025-01-01T00:00:00.000Z', subscription: null };
const set = emptyPermissionSet();
const granted = { ...set, USERS: { ...set.USERS, read: [ALL] } };
const entry: PermissionAuditEntry = {
  by: 'admin@example.com',
  at: '2025-02-01T00:00:00.000Z',
  changes: { items: {}, generalRead: { USERS: true } },
};

describe('InMemoryUsersRepository reads (the DynamoDB adapter’s projections)', () => {
  const users = new InMemoryUsersRepository([
    {
      ...base,
      email: 'ed@example.com',
      permissionSet: { accessLevels: granted },
      permissionVersion: 3,
      permissionAudit: [entry],
    },
    { ...base, email: 'ann@example.com' },
  ]);

  it('get leaves out the permission version and audit trail', async () => {
    expect(await users.get('ED@example.com')).toEqual({
      ...base,
      email: 'ed@example.com',
      permissionSet: { accessLevels: granted },
    });
    expect(await users.get('nobody@example.com')).toBeUndefined();
  });

  it('getPermissions reads set, version and trail; a record without a set has none, at 0', async () => {
    expect(await users.getPermissions('ed@example.com')).toEqual({
      email: 'ed@example.com',
      permissionSet: { accessLevels: granted },
      version: 3,
      audit: [entry],
    });
    expect(await users.getPermissions('ann@example.com')).toEqual({
      email: 'ann@example.com',
      permissionSet: null,
      version: 0,
      audit: [],
    });
    expect(await users.getPermissions('nobody@example.com')).toBeUndefined();
  });
});

describe('InMemoryUsersRepository.writePermissionSet (the DynamoDB adapter’s contract)', () => {
  it('writes when the version holds (absent counts as 0) and keeps the rest of the record', async () => {
    const users = new InMemoryUsersRepository([{ ...base, email: 'Ed@example.com' }]);
    await users.writePermissionSet('ed@example.com', 0, {
      accessLevels: set,
      version: 1,
      audit: [entry],
    });
    expect(users.records.get('ed@example.com')).toEqual({
      ...base,
      email: 'ed@example.com',
      permissionSet: { accessLevels: set },
      permissionVersion: 1,
      permissionAudit: [entry],
    });
  });

  it('refuses a stale version or a missing record and writes nothing', async () => {
    const users = new InMemoryUsersRepository([
      { ...base, email: 'ed@example.com', permissionVersion: 2 },
    ]);
    const write = { accessLevels: granted, version: 2, audit: [] };
    await expect(users.writePermissionSet('ed@example.com', 1, write)).rejects.toBeInstanceOf(
      VersionConflictError,
    );
    await expect(users.writePermissionSet('nobody@example.com', 0, write)).rejects.toBeInstanceOf(
      VersionConflictError,
    );
    expect((await users.get('ed@example.com'))?.permissionSet).toBeUndefined();
    expect(await users.get('nobody@example.com')).toBeUndefined();
  });

  it('refuses a write that would outgrow the item limit, as DynamoDB does, and writes nothing', async () => {
    const record = { ...base, email: 'ed@example.com' };
    const users = new InMemoryUsersRepository([record], { maxItemBytes: itemBytes(record) + 100 });
    const write = { accessLevels: set, version: 1, audit: [entry] };
    await expect(users.writePermissionSet('ed@example.com', 0, write)).rejects.toBeInstanceOf(
      ItemTooLargeError,
    );
    expect(users.records.get('ed@example.com')).toEqual(record);
  });
});
