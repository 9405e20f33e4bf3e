import type { Route } from 'cognito-local/lib/server/Router';
import { describe, expect, it } from 'vitest';
import { pageOf, withUserPages } from './user-pages';

const users = Array.from({ length: 130 }, (_, i) => ({ Username: `u${i}` }));

describe('ListUsers / ListUsersInGroup pages (local identity service, as Cognito)', () => {
  it('answers 60 at a time by default, then continues from the token', () => {
    const first = pageOf(users, undefined, undefined, '');
    expect(first.items).toHaveLength(60);
    const second = pageOf(users, undefined, first.next, '');
    const third = pageOf(users, undefined, second.next, '');
    expect([...first.items, ...second.items, ...third.items]).toEqual(users);
    expect(third.next).toBeUndefined();
  });

  it('honours a smaller Limit, and refuses one over 60 with Cognito’s exception', () => {
    const page = pageOf(users, 7, undefined, '');
    expect(page.items.map((u) => u.Username)).toEqual(['u0', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6']);
    expect(pageOf(users, 7, page.next, '').items[0]).toEqual({ Username: 'u7' });
    expect(() => pageOf(users, 61, undefined, '')).toThrow(
      expect.objectContaining({ code: 'InvalidParameterException' }),
    );
    expect(() => pageOf(users, 2.5, undefined, '')).toThrow('limit');
  });

  it('refuses a forged token, or one from another query', () => {
    const { next } = pageOf(users, 10, undefined, 'email ^= "a"');
    expect(() => pageOf(users, 10, next, 'email ^= "b"')).toThrow('Invalid pagination token');
    for (const bad of ['garbage', Buffer.from('{"offset":-1,"query":""}').toString('base64url')]) {
      expect(() => pageOf(users, 10, bad, '')).toThrow('Invalid pagination token');
    }
  });

  it('pages what the wrapped ListUsers and ListUsersInGroup answer', async () => {
    const asked: unknown[] = [];
    const base = (): Route => async (_ctx, req) => {
      asked.push(req);
      return { Users: users };
    };
    const router = withUserPages(base);
    const ctx = {} as Parameters<Route>[0];
    const page = await router('ListUsers')(ctx, { UserPoolId: 'p', Limit: 50 });
    expect(page.Users).toHaveLength(50);
    expect(asked[0]).toMatchObject({ Limit: undefined, PaginationToken: undefined });
    const rest = await router('ListUsers')(ctx, {
      UserPoolId: 'p',
      PaginationToken: page.PaginationToken,
      Limit: 60,
    });
    expect(rest.Users).toHaveLength(60);
    const group = await router('ListUsersInGroup')(ctx, { UserPoolId: 'p', GroupName: 'editor' });
    expect(group.Users).toHaveLength(60);
    const last = await router('ListUsersInGroup')(ctx, {
      UserPoolId: 'p',
      GroupName: 'editor',
      NextToken: group.NextToken,
    });
    expect(last).toMatchObject({ NextToken: expect.any(String) });
    expect(await router('ListGroups')(ctx, {})).toEqual({ Users: users });
  });
});
