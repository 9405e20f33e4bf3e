import { signInStepOutcome } from '@core/sign-in-steps';
import type { AuthContextValue } from '../../../lib/auth/auth-context';
import { waitForAutoSignIn } from './auto-sign-in';
import * as identity from '../../../lib/auth/identity';

/** How the auto sign-in of a new account ended. */
export type AfterSignUp =
  | { readonly kind: 'signed-in' }
  /** The server asks for the 4-digit code, as for any sign-in from a device it does not know. */
  | { readonly kind: 'code-step'; readonly phone: string | undefined }
  /** Not signed in: the caller sends the user to /login. */
  | { readonly kind: 'failed' };

const failed: AfterSignUp = { kind: 'failed' };

/**
 * §4 sign-up step COMPLETE_AUTO_SIGN_IN: the identity library signs the new account in (waiting up
 * to 180000 ms, polling every 5 s) with the login's flow, so the server's code step follows; once
 * signed in the session is loaded as after a login.
 */
export async function signInAfterSignUp(
  completeSignIn: AuthContextValue['completeSignIn'],
): Promise<AfterSignUp> {
  try {
    const outcome = signInStepOutcome(await waitForAutoSignIn(() => identity.autoSignIn()));
    if (outcome.kind === 'otp') return { kind: 'code-step', phone: outcome.phone };
    if (outcome.kind !== 'done') return failed;
    return (await completeSignIn()).kind === 'signed-in' ? { kind: 'signed-in' } : failed;
  } catch {
    return failed;
  }
}
