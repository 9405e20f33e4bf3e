/**
 * Settles with `promise`, or rejects with `timeoutError()` after `ms` (SPEC §4: the OTP step gives
 * up after 15000 ms). The late answer, if any, is ignored.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, timeoutError: () => Error) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
