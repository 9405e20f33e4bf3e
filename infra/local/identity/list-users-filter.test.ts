import { describe, expect, it } from 'vitest';
import { matchesUserFilter, parseUserFilter, type FilterableUser } from './list-users-filter';

const user = (email: string, extra: Partial<FilterableUser> = {}): FilterableUser => ({
  Username: 'uuid-1',
  Attributes: [
    { Name: 'email', Value: email },
    { Name: 'sub', Value: 'uuid-1' },
  ],
  Enabled: true,
  UserStatus: 'CONFIRMED',
  ...extra,
});
/** A prefix filter as a Cognito client writes one: the value quoted, `"` and `\` escaped. */
const emailPrefixFilter = (prefix: string) => `email ^= "${prefix.replace(/["\\]/g, '\\$&')}"`;
const matches = (filter: string, u: FilterableUser) =>
  matchesUserFilter(u, parseUserFilter(filter));

describe('ListUsers Filter (local identity service, as Cognito)', () => {
  it('parses exact and prefix filters, with or without spaces', () => {
    expect(parseUserFilter('email ^= "ann"')).toEqual({
      attribute: 'email',
      type: '^=',
      value: 'ann',
    });
    expect(parseUserFilter('email="a@b.c"')).toEqual({
      attribute: 'email',
      type: '=',
      value: 'a@b.c',
    });
  });

  it('unescapes quotes and backslashes, round-tripping what a client escapes', () => {
    for (const prefix of ['a"b', 'a\\', '\\"', 'x" or username ^= "']) {
      expect(parseUserFilter(emailPrefixFilter(prefix))).toEqual({
        attribute: 'email',
        type: '^=',
        value: prefix,
      });
    }
    expect(matches(emailPrefixFilter('o"neil'), user('O"Neil@example.com'))).toBe(true);
  });

  it('matches e-mail prefixes without case, and only prefixes', () => {
    expect(matches('email ^= "ANN@"', user('ann@example.com'))).toBe(true);
    expect(matches('email ^= "example"', user('ann@example.com'))).toBe(false);
    expect(matches('email = "ann@example.com"', user('Ann@Example.com'))).toBe(true);
    expect(matches('phone_number ^= "+1"', user('ann@example.com'))).toBe(false);
  });

  it('keeps username and status case-sensitive', () => {
    expect(matches('username = "uuid-1"', user('a@b.c'))).toBe(true);
    expect(matches('username = "UUID-1"', user('a@b.c'))).toBe(false);
    expect(matches('status = "Disabled"', user('a@b.c', { Enabled: false }))).toBe(true);
    expect(matches('cognito:user_status = "confirmed"', user('a@b.c'))).toBe(true);
  });

  it('refuses malformed filters and unsearchable attributes as Cognito does', () => {
    for (const filter of ['email ^= ann', 'email ^= "a"b"', 'email ~= "a"', 'email ^= "a\\"']) {
      expect(() => parseUserFilter(filter)).toThrow('Error while parsing filter.');
    }
    expect(() => parseUserFilter('custom:plan = "pro"')).toThrow('Invalid search attribute');
  });
});
