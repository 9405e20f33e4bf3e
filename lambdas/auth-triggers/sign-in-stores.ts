import type { AttemptLog } from '../ports/attempt-log';
import type { DeviceProofs } from '../ports/device-proofs';
import type { SessionRevocations } from '../ports/session-revocations';
import type { UsersRepository } from '../ports/users-repository';

/** What the custom-auth triggers keep server-side about a user's sign-ins (the users table). */
export interface SignInStores {
  readonly users: UsersRepository;
  readonly devices: DeviceProofs;
  readonly revocations: SessionRevocations;
  readonly attempts: AttemptLog;
}

/** The sub of the user a trigger runs for (Cognito always sends it for an existing user). */
export function subOf(attributes: Readonly<Record<string, string>>): string {
  const sub = attributes.sub;
  if (!sub) throw new Error('The trigger event names no user (sub)');
  return sub;
}
