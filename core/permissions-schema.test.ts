import { describe, expect, it } from 'vitest';
import { ALL, emptyPermissionSet, type PermissionSet } from './permissions';
import {
  MAX_IDENTIFIER_LENGTH,
  MAX_PERMISSION_IDENTIFIERS,
  permissionSetSchema,
} from './permissions-schema';

const empty = emptyPermissionSet();
const ids = (count: number, prefix = 'X') =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`.padStart(MAX_IDENTIFIER_LENGTH, '0'));
const issues = (value: unknown) =>
  permissionSetSchema
    .safeParse(value)
    .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('permissionSetSchema bounds (the set lives in one DynamoDB item)', () => {
  it(`accepts ${MAX_PERMISSION_IDENTIFIERS} identifiers of ${MAX_IDENTIFIER_LENGTH} characters in all`, () => {
    const full: PermissionSet = {
      ...empty,
      STOCKS: { ...empty.STOCKS, read: ids(500) },
      SHEETS: { ...empty.SHEETS, update: ids(498) },
      SHARIAH: { ...empty.SHARIAH, read: [ALL] },
      USERS: { ...empty.USERS, read: [ALL] },
    };
    expect(permissionSetSchema.parse(full)).toEqual(full);
  });

  it('refuses more identifiers in all, though no list alone is too long', () => {
    const over = {
      ...empty,
      STOCKS: { ...empty.STOCKS, read: ids(600) },
      SHEETS: { ...empty.SHEETS, read: ids(401) },
    };
    expect(issues(over)).toEqual([': A permission set lists at most 1000 item identifiers in all']);
    const oneList = { ...empty, STOCKS: { ...empty.STOCKS, read: ids(1_001) } };
    expect(issues(oneList)).toEqual([
      'STOCKS.read: A permission set lists at most 1000 item identifiers in all',
    ]);
  });

  it('refuses identifiers that are too long, empty, or not printable ASCII', () => {
    const withId = (id: string) => ({ ...empty, STOCKS: { ...empty.STOCKS, read: [id] } });
    expect(issues(withId('X'.repeat(MAX_IDENTIFIER_LENGTH + 1)))).toEqual([
      'STOCKS.read.0: Item identifiers are at most 32 characters',
    ]);
    expect(issues(withId(''))).toEqual(['STOCKS.read.0: Item identifiers cannot be empty']);
    for (const id of ['US 1', 'ÜS1', 'US\n1']) {
      expect(issues(withId(id))).toEqual([
        'STOCKS.read.0: Item identifiers are letters, digits and punctuation, without spaces',
      ]);
    }
  });

  it('takes a GENERAL resource as read [] or ["ALL"] and nothing else', () => {
    expect(issues({ ...empty, USERS: { ...empty.USERS, read: ['someone@example.com'] } })).toEqual([
      'USERS.read.0: A general resource\'s read is [] or ["ALL"]',
    ]);
    expect(issues({ ...empty, USERS: { ...empty.USERS, read: [ALL, ALL] } })).toEqual([
      'USERS.read: A general resource\'s read is [] or ["ALL"]',
    ]);
    expect(issues({ ...empty, SHARIAH: { ...empty.SHARIAH, update: [ALL] } })).toEqual([
      'SHARIAH.update: A general resource has no create, update or delete items: send []',
    ]);
  });
});
