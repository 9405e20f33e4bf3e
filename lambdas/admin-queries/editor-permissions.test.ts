import { describe, expect, it } from 'vitest';
import { EDITOR_GROUP } from '../../core/constants';
import {
  ALL,
  emptyPermissionSet,
  ITEM_RESOURCES,
  type PermissionSet,
} from '../../core/permissions';
import {
  MAX_IDENTIFIER_LENGTH,
  MAX_PERMISSION_IDENTIFIERS,
  permissionSetSchema,
} from '../../core/permissions-schema';
import { MAX_ITEM_BYTES } from '../adapters/dynamodb/user-item';
import { InMemoryIdentityDirectory } from '../adapters/testing/memory/identity-directory';
import { InMemoryUsersRepository, itemBytes } from '../adapters/testing/memory/users-repository';
import { saveEditorPermissions } from './editor-permissions';
import { AUDIT_MAX_BYTES, AUDIT_MAX_ENTRIES } from './permission-audit';

const EMAIL = 'ed@example.com';
const directory = () =>
  new InMemoryIdentityDirectory([
    {
      user: {
        Username: 'uuid-ed',
        Attributes: [
          { Name: 'sub', Value: 'sub-ed' },
          { Name: 'email', Value: EMAIL },
          { Name: 'phone_number', Value: '+15550100009' },
        ],
        Enabled: true,
        UserStatus: 'CONFIRMED',
      },
      groups: [EDITOR_GROUP],
    },
  ]);

/**
 * The largest set the schema accepts: both GENERAL reads on, and the rest of the identifiers, each
 * as long as allowed, spread over every item list. `tag` makes two such sets share nothing.
 */
function largestSet(tag: string): PermissionSet {
  const empty = emptyPermissionSet();
  const lists = ITEM_RESOURCES.length * 4;
  const perList = Math.floor((MAX_PERMISSION_IDENTIFIERS - 2) / lists);
  let next = 0;
  const ids = (count: number) =>
    Array.from({ length: count }, () =>
      `${tag}${next++}`.padEnd(MAX_IDENTIFIER_LENGTH, 'X').slice(0, MAX_IDENTIFIER_LENGTH),
    );
  const itemLists = () => ({
    read: ids(perList),
    create: ids(perList),
    update: ids(perList),
    delete: ids(perList),
  });
  // The remainder goes to the first list, so the whole budget is used.
  const stocks = itemLists();
  const spare = MAX_PERMISSION_IDENTIFIERS - 2 - lists * perList;
  return {
    STOCKS: { ...stocks, read: [...stocks.read, ...ids(spare)] },
    SHEETS: itemLists(),
    ANALYST: itemLists(),
    DESCRIPTION: itemLists(),
    SHARIAH: { ...empty.SHARIAH, read: [ALL] },
    USERS: { ...empty.USERS, read: [ALL] },
  };
}

describe('saveEditorPermissions: the record stays well under DynamoDB’s 400 KB item limit', () => {
  it('holds the largest set and a full trail of the largest changes in under half the limit', async () => {
    const sets = [largestSet('A'), largestSet('B')];
    // Both are what the API accepts, and each uses the whole budget.
    for (const set of sets) {
      expect(permissionSetSchema.safeParse(set).success).toBe(true);
      const count = Object.values(set).flatMap((lists) => [
        ...lists.read,
        ...lists.create,
        ...lists.update,
        ...lists.delete,
      ]).length;
      expect(count).toBe(MAX_PERMISSION_IDENTIFIERS);
    }

    const users = new InMemoryUsersRepository();
    const deps = { directory: directory(), users, clock: () => new Date() };
    // Every save replaces every identifier: the largest change there is, over and over.
    const by = `${'a'.repeat(54)}@example.com`;
    for (let version = 0; version < AUDIT_MAX_ENTRIES + 5; version += 1) {
      const permissionSet = sets[version % 2]!;
      await saveEditorPermissions(deps, { email: EMAIL, permissionSet, version, by });
    }

    const item = users.records.get('sub-ed')!;
    const trail = item.permissionAudit!;
    expect(trail.length).toBeGreaterThan(1);
    expect(Buffer.byteLength(JSON.stringify(trail))).toBeLessThanOrEqual(AUDIT_MAX_BYTES);
    // JSON bytes are above DynamoDB's own count of the same item: an upper bound.
    expect(itemBytes(item)).toBeLessThan(MAX_ITEM_BYTES / 2);
  });

  it(`keeps ${AUDIT_MAX_ENTRIES} small changes of the largest set: entries hold changes, not sets`, async () => {
    const large = largestSet('A');
    const users = new InMemoryUsersRepository();
    const deps = { directory: directory(), users, clock: () => new Date() };
    const by = 'admin@example.com';
    await saveEditorPermissions(deps, { email: EMAIL, permissionSet: large, version: 0, by });
    // Then one identifier at a time, in and out of the SHEETS read list.
    for (let version = 1; version <= AUDIT_MAX_ENTRIES; version += 1) {
      const read = version % 2 ? large.SHEETS.read.slice(1) : large.SHEETS.read;
      const permissionSet = { ...large, SHEETS: { ...large.SHEETS, read } };
      await saveEditorPermissions(deps, { email: EMAIL, permissionSet, version, by });
    }
    const trail = users.records.get('sub-ed')!.permissionAudit!;
    expect(trail).toHaveLength(AUDIT_MAX_ENTRIES);
    expect(trail.at(-1)!.changes).toEqual({
      items: { SHEETS: { read: { added: [large.SHEETS.read[0]], removed: [] } } },
      generalRead: {},
    });
    for (const entry of trail) expect(Buffer.byteLength(JSON.stringify(entry))).toBeLessThan(500);
  });
});
