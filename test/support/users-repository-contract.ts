import { beforeEach, describe, expect, it } from 'vitest';
import { ALL, emptyPermissionSet } from '../../core/permissions';
import { newUserRecord } from '../../core/user-record';
import {
  ItemTooLargeError,
  VersionConflictError,
  type UsersRepository,
} from '../../lambdas/ports/users-repository';

let seq = 0;
const freshEmail = () => `Contract.${Date.now().toString(36)}.${(seq += 1)}@Example.com`;

const shariahRead = () => {
  const set = emptyPermissionSet();
  return { ...set, SHARIAH: { ...set.SHARIAH, read: [ALL] } };
};

/**
 * What every UsersRepository adapter must do alike, so the in-memory one the API tests use cannot
 * drift from DynamoDB's: keys without case, reads without the permission bookkeeping, the write
 * conditional on the version, and the item size limit.
 */
export function usersRepositoryContract(name: string, make: () => UsersRepository) {
  describe(`${name}: the users repository contract`, () => {
    let repo: UsersRepository;
    let email: string;
    const record = () =>
      newUserRecord({
        email,
        sub: 'sub-1',
        phoneNumber: '+15550001111',
        createdAt: '2026-01-02T03:04:05.000Z',
      });

    beforeEach(() => {
      repo = make();
      email = freshEmail();
    });

    it('creates a record once, keyed by the e-mail without case', async () => {
      expect(await repo.createIfAbsent(record())).toBe(true);
      expect(await repo.createIfAbsent({ ...record(), sub: 'sub-2' })).toBe(false);
      expect(await repo.get(email.toUpperCase())).toEqual(record());
      expect(await repo.get('nobody@example.com')).toBeUndefined();
    });

    it('writes the set only at the version it was read at, and get() leaves the bookkeeping out', async () => {
      await repo.createIfAbsent(record());
      const entry = {
        by: 'admin@example.com',
        at: '2026-01-03T00:00:00.000Z',
        changes: { items: {}, generalRead: { SHARIAH: true } },
      };
      await repo.writePermissionSet(email, 0, {
        accessLevels: shariahRead(),
        version: 1,
        audit: [entry],
      });
      await expect(
        repo.writePermissionSet(email, 0, {
          accessLevels: emptyPermissionSet(),
          version: 1,
          audit: [],
        }),
      ).rejects.toBeInstanceOf(VersionConflictError);

      expect(await repo.get(email)).toEqual({
        ...record(),
        permissionSet: { accessLevels: shariahRead() },
      });
      expect(await repo.getPermissions(email)).toEqual({
        email: email.toLowerCase(),
        permissionSet: { accessLevels: shariahRead() },
        version: 1,
        audit: [entry],
      });
    });

    it('refuses a write for a record that does not exist', async () => {
      await expect(
        repo.writePermissionSet(email, 0, {
          accessLevels: emptyPermissionSet(),
          version: 1,
          audit: [],
        }),
      ).rejects.toBeInstanceOf(VersionConflictError);
      expect(await repo.get(email)).toBeUndefined();
    });

    it('refuses a record over the item size limit with ItemTooLargeError, writing nothing', async () => {
      await repo.createIfAbsent(record());
      // More than DynamoDB's 400 KB in one audit entry (identifiers of 1 KB, 420 of them).
      const added = Array.from({ length: 420 }, (_, i) => `${i}`.padEnd(1024, 'x'));
      const huge = {
        by: 'admin@example.com',
        at: '2026-01-03T00:00:00.000Z',
        changes: { items: { STOCKS: { read: { added, removed: [] } } }, generalRead: {} },
      };
      await expect(
        repo.writePermissionSet(email, 0, {
          accessLevels: shariahRead(),
          version: 1,
          audit: [huge],
        }),
      ).rejects.toBeInstanceOf(ItemTooLargeError);
      expect(await repo.getPermissions(email)).toMatchObject({ permissionSet: null, version: 0 });
    });
  });
}
