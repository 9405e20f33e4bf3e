import type { AttemptVerdict } from '../../core/attempt-window';
import type { AttemptRule } from '../../core/sign-in-limits';

/** Whose events a window counts: a user (by sub) or a phone number (E.164). */
export interface AttemptKey {
  readonly scope: 'user' | 'phone';
  readonly id: string;
  /** What is counted: 'code-send', 'wrong-code', … */
  readonly kind: string;
}

/**
 * Port over the sliding windows of core/attempt-window.ts, stored server-side (the users table,
 * each window expiring when it decides nothing any more).
 */
export interface AttemptLog {
  /** Whether one more event is allowed now; records nothing. */
  check(key: AttemptKey, rule: AttemptRule, now: number): Promise<AttemptVerdict>;
  /** Records one event if it is allowed (atomically, against concurrent takes); the verdict. */
  take(key: AttemptKey, rule: AttemptRule, now: number): Promise<AttemptVerdict>;
}
