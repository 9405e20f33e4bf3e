import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { activeSubscription } from '../../core/testing/subscription';
import { EDITOR_GROUP } from '../../core/constants';
import { emptyPermissionSet } from '../../core/permissions';
import { InMemoryUsersRepository } from '../../lambdas/adapters/testing/memory/users-repository';
import { seedUserRecord } from './seed-users';

/** The identity service's AdminGetUser answer for every account: its sub. */
const identity = {
  send: async () => ({ Username: 'uuid-1', UserAttributes: [{ Name: 'sub', Value: 'sub-1' }] }),
} as unknown as CognitoIdentityProviderClient;
const account = { email: 'Ed@stockscope.local', password: 'x', phoneNumber: '+15550100002' };

describe('seedUserRecord', () => {
  it('gives a demo editor the record a sign-up would get, with the empty set', async () => {
    const users = new InMemoryUsersRepository();
    await seedUserRecord(identity, 'pool', users, { ...account, group: EDITOR_GROUP });
    expect(await users.get('sub-1')).toEqual({
      email: 'ed@stockscope.local',
      sub: 'sub-1',
      phoneNumber: '+15550100002',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      subscription: null,
      permissionSet: { accessLevels: emptyPermissionSet() },
    });
  });

  it('leaves an existing record alone, bookkeeping included', async () => {
    const existing = {
      email: 'ed@stockscope.local',
      sub: 'sub-1',
      createdAt: '2025-01-01T00:00:00.000Z',
      subscription: activeSubscription(),
      permissionVersion: 4,
    };
    const users = new InMemoryUsersRepository([existing]);
    await seedUserRecord(identity, 'pool', users, { ...account, group: EDITOR_GROUP });
    expect(users.records.get('sub-1')).toEqual(existing);
  });
});
