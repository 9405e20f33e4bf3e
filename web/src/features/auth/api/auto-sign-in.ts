import { AUTO_SIGN_IN_POLL_MS, AUTO_SIGN_IN_TIMEOUT_MS } from '../../../../../core/constants';

export interface AutoSignInOptions {
  readonly timeoutMs?: number;
  readonly pollMs?: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class AutoSignInTimeoutError extends Error {
  override readonly name = 'AutoSignInTimeoutError';
  constructor() {
    super('The account was not confirmed in time. Log in once it is confirmed.');
  }
}

/**
 * §4 auto sign-in after sign-up: asks every 5 s, for up to 180000 ms, while the answer is that the
 * account still waits for its confirmation (CONFIRM_SIGN_UP); any other answer or error ends it.
 */
export async function waitForAutoSignIn<T extends { readonly step: string }>(
  attempt: () => Promise<T>,
  {
    timeoutMs = AUTO_SIGN_IN_TIMEOUT_MS,
    pollMs = AUTO_SIGN_IN_POLL_MS,
    now = Date.now,
    sleep = defaultSleep,
  }: AutoSignInOptions = {},
): Promise<T> {
  const deadline = now() + timeoutMs;
  for (;;) {
    const result = await attempt();
    if (result.step !== 'CONFIRM_SIGN_UP') return result;
    if (now() + pollMs > deadline) throw new AutoSignInTimeoutError();
    await sleep(pollMs);
  }
}
