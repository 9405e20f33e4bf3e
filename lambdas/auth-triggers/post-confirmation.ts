import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { newUserRecord } from '../../core/user-record';
import type { UsersRepository } from '../ports/users-repository';

/**
 * A confirmed sign-up gets its users-table record (SPEC §3/§4: subscription empty until bought).
 * Idempotent: Cognito may retry the trigger, and an existing record is never overwritten.
 */
export function recordConfirmedUser(users: UsersRepository, clock: () => Date = () => new Date()) {
  return async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
    if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
    const { email, sub, phone_number: phoneNumber } = event.request.userAttributes;
    if (!email || !sub) throw new Error('A confirmed user without e-mail or sub');
    await users.createIfAbsent(
      newUserRecord({ email, sub, phoneNumber, createdAt: clock().toISOString() }),
    );
    return event;
  };
}
