import { describe, expect, it } from 'vitest';
import {
  InvalidPageTokenError,
  UnknownUserError,
  type DirectoryUser,
} from '../../../ports/identity-directory';
import { InMemoryIdentityDirectory } from './identity-directory';

const user = (name: string, email = `${name}@example.com`): DirectoryUser => ({
  Username: name,
  Attributes: [{ Name: 'email', Value: email }],
  Enabled: true,
  UserStatus: 'CONFIRMED',
});

const directory = () =>
  new InMemoryIdentityDirectory([
    { user: user('ann', 'Ann@Example.com') },
    { user: user('bob') },
    { user: user('ed'), groups: ['editor'] },
    { user: user('eve'), groups: ['editor'] },
    { user: user('erin'), groups: ['editor', 'admin'] },
  ]);
const names = (page: { Users: readonly DirectoryUser[] }) => page.Users.map((u) => u.Username);

describe('InMemoryIdentityDirectory (the Cognito adapter’s semantics)', () => {
  it('pages listUsers by limit, handing back NextToken while more remain', async () => {
    const users = directory();
    const first = await users.listUsers({ limit: 2 });
    expect(names(first)).toEqual(['ann', 'bob']);
    const second = await users.listUsers({ limit: 2, token: first.NextToken! });
    expect(names(second)).toEqual(['ed', 'eve']);
    const last = await users.listUsers({ limit: 2, token: second.NextToken! });
    expect(names(last)).toEqual(['erin']);
    expect(last.NextToken).toBeUndefined();
    expect((await users.listUsers({ limit: 5 })).NextToken).toBeUndefined();
  });

  it('pages listUsersInGroup the same way, members only', async () => {
    const users = directory();
    const first = await users.listUsersInGroup('editor', { limit: 2 });
    expect(names(first)).toEqual(['ed', 'eve']);
    const last = await users.listUsersInGroup('editor', { limit: 2, token: first.NextToken! });
    expect(names(last)).toEqual(['erin']);
    expect(last.NextToken).toBeUndefined();
    expect(names(await users.listUsersInGroup('admin', { limit: 60 }))).toEqual(['erin']);
  });

  it('refuses a token from another listing', async () => {
    const users = directory();
    const { NextToken } = await users.listUsers({ limit: 1 });
    await expect(
      users.listUsersInGroup('editor', { limit: 1, token: NextToken! }),
    ).rejects.toBeInstanceOf(InvalidPageTokenError);
    await expect(users.listUsers({ limit: 1, token: 'nonsense' })).rejects.toBeInstanceOf(
      InvalidPageTokenError,
    );
  });

  it('finds users by user name or e-mail, without case; UnknownUserError otherwise', async () => {
    const users = directory();
    expect((await users.getUser('ANN')).Username).toBe('ann');
    expect((await users.getUser('ann@example.COM')).Username).toBe('ann');
    expect(await users.groupsOfUser('ERIN@example.com')).toEqual(['editor', 'admin']);
    expect(await users.groupsOfUser('bob')).toEqual([]);
    await expect(users.getUser('nobody')).rejects.toBeInstanceOf(UnknownUserError);
    await expect(users.groupsOfUser('nobody')).rejects.toBeInstanceOf(UnknownUserError);
  });

  it('enables and disables by user name or e-mail', async () => {
    const users = directory();
    await users.disableUser('BOB@example.com');
    expect((await users.getUser('bob')).Enabled).toBe(false);
    await users.enableUser('Bob');
    expect((await users.getUser('bob')).Enabled).toBe(true);
    await expect(users.disableUser('nobody')).rejects.toBeInstanceOf(UnknownUserError);
  });

  it('takes users an administrator adds later', async () => {
    const users = directory();
    users.add(user('made'), ['editor']);
    expect(await users.groupsOfUser('made@example.com')).toEqual(['editor']);
  });
});
