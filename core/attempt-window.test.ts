import { describe, expect, it } from 'vitest';
import {
  checkWindow,
  currentWindow,
  EMPTY_WINDOW,
  recordInWindow,
  windowExpiry,
  type AttemptWindow,
} from './attempt-window';
import { SIGN_IN_LIMITS } from './sign-in-limits';

const MINUTE = 60_000;
const sends = SIGN_IN_LIMITS.codeSends;
const wrong = SIGN_IN_LIMITS.wrongCodes;

const fill = (rule: typeof sends | typeof wrong, times: readonly number[]) =>
  times.reduce<AttemptWindow>((w, at) => recordInWindow(w, rule, at), EMPTY_WINDOW);

describe('attempt windows', () => {
  it('allows up to the limit within the window, then says when the next one is allowed', () => {
    const window = fill(
      sends,
      [0, 1, 2, 3, 4].map((i) => i * MINUTE),
    );
    expect(checkWindow(window, sends, 5 * MINUTE)).toEqual({
      allowed: false,
      retryAfterMs: 10 * MINUTE,
    });
    // The first send leaves the 15-minute window at 15 min: one more is allowed then.
    expect(checkWindow(window, sends, 15 * MINUTE).allowed).toBe(true);
    expect(checkWindow(window, sends, 15 * MINUTE - 1).allowed).toBe(false);
  });

  it('locks for lockMs when a rule with a lock reaches its limit', () => {
    const times = Array.from({ length: 10 }, (_, i) => i * 1_000);
    const window = fill(wrong, times);
    expect(window.lockedUntil).toBe(9_000 + 15 * MINUTE);
    expect(checkWindow(window, wrong, 10_000)).toEqual({
      allowed: false,
      retryAfterMs: 15 * MINUTE - 1_000,
    });
    // After the lock the hour still holds ten wrong answers: still refused until they age out.
    expect(checkWindow(window, wrong, 9_000 + 15 * MINUTE).allowed).toBe(false);
    expect(checkWindow(window, wrong, 60 * MINUTE).allowed).toBe(true);
  });

  it('keeps no more than the limit and forgets what left the window', () => {
    const window = fill(
      sends,
      Array.from({ length: 40 }, (_, i) => i * 5 * MINUTE),
    );
    expect(window.events.length).toBeLessThanOrEqual(sends.limit);
    expect(currentWindow(window, sends, 1_000 * MINUTE)).toEqual(EMPTY_WINDOW);
  });

  it('expires when no event or lock can decide anything', () => {
    const window = fill(
      wrong,
      Array.from({ length: 10 }, () => 0),
    );
    expect(windowExpiry(window, wrong)).toBe(60 * MINUTE);
    expect(windowExpiry(fill(sends, [MINUTE]), sends)).toBe(16 * MINUTE);
  });
});
