import type { AuthContextValue } from '../auth-context';
import { waitForAutoSignIn } from './auto-sign-in';
import * as identity from './identity';

/**
 * §4 sign-up step COMPLETE_AUTO_SIGN_IN: the identity library signs the new account in (waiting up
 * to 180000 ms, polling every 5 s); then the session is loaded as after a login. False when the
 * auto sign-in did not end signed in: the caller sends the user to /login.
 */
export async function signInAfterSignUp(
  completeSignIn: AuthContextValue['completeSignIn'],
): Promise<boolean> {
  try {
    const result = await waitForAutoSignIn(() => identity.autoSignIn());
    if (result.step !== 'DONE') return false;
    return (await completeSignIn()).kind === 'signed-in';
  } catch {
    return false;
  }
}
