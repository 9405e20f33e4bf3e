/**
 * Settles with `promise`, or rejects with `timeoutError()` after `ms` (SPEC §4: the OTP step gives
 * up after 15000 ms). A value arriving after the time-out goes to `onLate`: the caller has already
 * told the user it timed out, and may need to undo what the late success did.
 */
export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  timeoutError: () => Error,
  onLate?: (value: T) => void,
): Promise<T> {
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(timeoutError());
    }, ms);
  });
  promise.then(
    (value) => {
      if (timedOut) onLate?.(value);
    },
    () => {
      // A late failure changes nothing; an early one is the race's answer.
    },
  );
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
