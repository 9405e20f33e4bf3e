import { AUTO_SIGN_IN_POLL_MS, AUTO_SIGN_IN_TIMEOUT_MS } from '@core/constants';

export class AutoSignInTimeoutError extends Error {
  override readonly name = 'AutoSignInTimeoutError';
  constructor() {
    super('The account was not confirmed in time. Log in once it is confirmed.');
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * §4 auto sign-in after sign-up: asks every 5 s, for up to 180000 ms, while the answer is that the
 * account still waits for its confirmation (CONFIRM_SIGN_UP); any other answer or error ends it.
 */
export async function waitForAutoSignIn<T extends { readonly step: string }>(
  attempt: () => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + AUTO_SIGN_IN_TIMEOUT_MS;
  for (;;) {
    const result = await attempt();
    if (result.step !== 'CONFIRM_SIGN_UP') return result;
    if (Date.now() + AUTO_SIGN_IN_POLL_MS > deadline) throw new AutoSignInTimeoutError();
    await sleep(AUTO_SIGN_IN_POLL_MS);
  }
}
