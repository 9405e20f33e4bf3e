import { Invalid, NotFound } from '../../core/domain-errors';
import {
  InvalidPageTokenError,
  subOf,
  UnknownUserError,
  type IdentityDirectory,
} from '../ports/identity-directory';
import type { SessionRevocations } from '../ports/session-revocations';
import type { Caller } from '../shared/claims';

/** The directory's refusals as domain errors: unknown user 404, bad page token 400. */
export async function directoryCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UnknownUserError) throw new NotFound('User not found');
    if (error instanceof InvalidPageTokenError) {
      throw new Invalid('the page token is not valid: load the list from the start', 'token');
    }
    throw error;
  }
}

/** Every name the caller's own account answers to, without case: sub, e-mail, user name. */
const ownNames = ({ sub, email, username }: Caller): string[] =>
  [sub, email, username].flatMap((name) => (name ? [name.toLowerCase()] : []));

/**
 * Disables a user (never the caller's own account) and revokes the ID tokens it already holds,
 * which would otherwise pass API Gateway's authorizer for up to an hour.
 */
export async function disableUser(
  deps: { directory: IdentityDirectory; revocations: SessionRevocations; now: number },
  caller: Caller,
  username: string,
): Promise<{ message: string }> {
  const { directory, revocations, now } = deps;
  if (ownNames(caller).includes(username.toLowerCase())) {
    throw new Invalid('You cannot disable your own account');
  }
  const target = await directoryCall(() => directory.getUser(username));
  await directoryCall(() => directory.disableUser(username));
  await revocations.revokeAllBefore(subOf(target), now);
  return { message: `Disabled ${username}` };
}
