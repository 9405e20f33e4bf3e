import { describe, expect, it } from 'vitest';
import { activeSubscription } from '../../core/testing/subscription';
import { InMemoryUsersRepository } from '../adapters/testing/memory/users-repository';
import { recordConfirmedUser } from './post-confirmation';
import { postConfirmationEvent, USER_ATTRIBUTES } from './testing/trigger-event-fixtures';

const at = () => new Date('2026-01-02T03:04:05Z');

describe('post-confirmation trigger', () => {
  it('creates the users-table record of a confirmed sign-up: the base record, no permission set', async () => {
    const users = new InMemoryUsersRepository();
    const event = postConfirmationEvent('PostConfirmation_ConfirmSignUp');
    expect(await recordConfirmedUser(users, at)(event)).toBe(event);
    expect(await users.get(USER_ATTRIBUTES.sub)).toEqual({
      email: 'ann@example.com',
      sub: USER_ATTRIBUTES.sub,
      phoneNumber: '+15551234567',
      createdAt: '2026-01-02T03:04:05.000Z',
      subscription: null,
    });
  });

  it('is idempotent: a retried or repeated confirmation never overwrites the record', async () => {
    const users = new InMemoryUsersRepository();
    const record = recordConfirmedUser(users, at);
    await record(postConfirmationEvent('PostConfirmation_ConfirmSignUp'));
    await users.put({
      ...(await users.get(USER_ATTRIBUTES.sub))!,
      subscription: activeSubscription(),
    });
    await record(postConfirmationEvent('PostConfirmation_ConfirmSignUp'));
    expect((await users.get(USER_ATTRIBUTES.sub))?.subscription).toEqual(activeSubscription());
  });

  it('records a user without a phone number without one', async () => {
    const users = new InMemoryUsersRepository();
    const { phone_number: _none, ...attributes } = USER_ATTRIBUTES;
    await recordConfirmedUser(
      users,
      at,
    )(postConfirmationEvent('PostConfirmation_ConfirmSignUp', attributes));
    expect(await users.get(USER_ATTRIBUTES.sub)).not.toHaveProperty('phoneNumber');
  });

  it('ignores a confirmed password reset, and refuses a user without e-mail', async () => {
    const users = new InMemoryUsersRepository();
    await recordConfirmedUser(users)(
      postConfirmationEvent('PostConfirmation_ConfirmForgotPassword'),
    );
    expect(users.records.size).toBe(0);
    await expect(
      recordConfirmedUser(users)(
        postConfirmationEvent('PostConfirmation_ConfirmSignUp', { sub: 'x' }),
      ),
    ).rejects.toThrow('without e-mail');
  });
});
