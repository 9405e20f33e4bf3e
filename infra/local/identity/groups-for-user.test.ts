import type { Route } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import { describe, expect, it } from 'vitest';
import { withGroupsForUser } from './groups-for-user';

const user = { Username: 'uuid-ed', Attributes: [{ Name: 'email', Value: 'ed@example.com' }] };
const services = {
  cognito: {
    getUserPool: async () => ({
      // cognito-local's lookup: by user name, sub or e-mail alias.
      getUserByUsername: async (_ctx: unknown, name: string) =>
        name === 'uuid-ed' || name === 'ed@example.com' ? user : null,
    }),
  },
} as unknown as Services;

describe('AdminListGroupsForUser by alias (local identity service)', () => {
  const asked: unknown[] = [];
  const base =
    (target: string): Route =>
    async (_ctx, req) => {
      asked.push({ target, req });
      return { Groups: [] };
    };
  const router = withGroupsForUser(base, services);
  const ctx = {} as Parameters<Route>[0];

  it('asks cognito-local with the real user name, whichever name the caller used', async () => {
    await router('AdminListGroupsForUser')(ctx, { UserPoolId: 'p', Username: 'ed@example.com' });
    expect(asked.at(-1)).toEqual({
      target: 'AdminListGroupsForUser',
      req: { UserPoolId: 'p', Username: 'uuid-ed' },
    });
  });

  it('answers UserNotFoundException for an unknown user, and leaves other operations alone', async () => {
    await expect(
      router('AdminListGroupsForUser')(ctx, { UserPoolId: 'p', Username: 'nobody' }),
    ).rejects.toMatchObject({ code: 'UserNotFoundException' });
    await router('ListGroups')(ctx, { UserPoolId: 'p' });
    expect(asked.at(-1)).toEqual({ target: 'ListGroups', req: { UserPoolId: 'p' } });
  });
});
