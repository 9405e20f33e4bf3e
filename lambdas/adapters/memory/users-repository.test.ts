import { describe, expect, it } from 'vitest';
import { ALL, emptyPermissionSet } from '../../../core/permissions';
import { VersionConflictError } from '../../ports/users-repository';
import { InMemoryUsersRepository } from './users-repository';

const base = { sub: 's', createdAt: '2025-01-01T00:00:00.000Z', subscription: null };
const set = emptyPermissionSet();
const granted = { ...set, USERS: { ...set.USERS, read: [ALL] } };
const entry = { by: 'admin@example.com', at: '2025-02-01T00:00:00.000Z', before: null, after: set };

describe('InMemoryUsersRepository.writePermissionSet (the DynamoDB adapter’s contract)', () => {
  it('writes when the version holds (absent counts as 0) and keeps the rest of the record', async () => {
    const users = new InMemoryUsersRepository([{ ...base, email: 'Ed@example.com' }]);
    await users.writePermissionSet('ed@example.com', 0, {
      accessLevels: set,
      version: 1,
      audit: [entry],
    });
    expect(await users.get('ED@example.com')).toEqual({
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
});
