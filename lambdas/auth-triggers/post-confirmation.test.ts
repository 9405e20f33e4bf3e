import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../core/user-record';
import type { UsersRepository } from '../ports/users-repository';
import { recordConfirmedUser } from './post-confirmation';

class MemoryUsers implements UsersRepository {
  records = new Map<string, UserRecord>();
  async get(email: string) {
    return this.records.get(email);
  }
  async put(record: UserRecord) {
    this.records.set(record.email, record);
  }
  async createIfAbsent(record: UserRecord) {
    if (this.records.has(record.email)) return false;
    this.records.set(record.email, record);
    return true;
  }
}

const event = (source: string) =>
  ({
    triggerSource: source,
    request: {
      userAttributes: { email: 'Ann@Example.com', sub: 'sub-ann', phone_number: '+15551234567' },
    },
    response: {},
  }) as unknown as PostConfirmationTriggerEvent;

describe('post-confirmation trigger', () => {
  it('creates the users-table record of a confirmed sign-up, once', async () => {
    const users = new MemoryUsers();
    const record = recordConfirmedUser(users, () => new Date('2026-01-02T03:04:05Z'));
    await record(event('PostConfirmation_ConfirmSignUp'));
    expect(await users.get('ann@example.com')).toEqual({
      email: 'ann@example.com',
      sub: 'sub-ann',
      phoneNumber: '+15551234567',
      createdAt: '2026-01-02T03:04:05.000Z',
      subscription: null,
    });
    await users.put({ ...(await users.get('ann@example.com'))!, subscription: { plan: 'pro' } });
    await record(event('PostConfirmation_ConfirmSignUp'));
    expect((await users.get('ann@example.com'))?.subscription).toEqual({ plan: 'pro' });
  });

  it('ignores a confirmed password reset', async () => {
    const users = new MemoryUsers();
    await recordConfirmedUser(users)(event('PostConfirmation_ConfirmForgotPassword'));
    expect(users.records.size).toBe(0);
  });
});
