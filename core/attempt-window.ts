import type { AttemptRule } from './sign-in-limits';

/**
 * A sliding window of events (code sends, wrong answers) for one key: pure rules, so the DynamoDB
 * and in-memory stores decide alike. A window keeps at most `limit` events: older ones cannot
 * change a decision.
 */
export interface AttemptWindow {
  /** Epoch ms of the events still inside the window, oldest first. */
  readonly events: readonly number[];
  /** Epoch ms until which nothing is allowed (set when a rule with lockMs reaches its limit). */
  readonly lockedUntil?: number;
}

export interface AttemptVerdict {
  readonly allowed: boolean;
  /** When not allowed: how long until one more event is. 0 when allowed. */
  readonly retryAfterMs: number;
}

export const EMPTY_WINDOW: AttemptWindow = { events: [] };

/** The window as of `now`: events that left it dropped, an ended lock cleared. */
export function currentWindow(
  window: AttemptWindow,
  rule: AttemptRule,
  now: number,
): AttemptWindow {
  const events = window.events.filter((at) => at > now - rule.windowMs && at <= now);
  const locked = window.lockedUntil !== undefined && window.lockedUntil > now;
  return { events: events.slice(-rule.limit), ...(locked && { lockedUntil: window.lockedUntil }) };
}

/** Whether one more event is allowed at `now`, and if not, for how long it is not. */
export function checkWindow(window: AttemptWindow, rule: AttemptRule, now: number): AttemptVerdict {
  const { events, lockedUntil } = currentWindow(window, rule, now);
  if (lockedUntil !== undefined) return { allowed: false, retryAfterMs: lockedUntil - now };
  if (events.length >= rule.limit) {
    // Allowed again when the oldest of the last `limit` events leaves the window.
    const oldest = events[events.length - rule.limit]!;
    return { allowed: false, retryAfterMs: oldest + rule.windowMs - now };
  }
  return { allowed: true, retryAfterMs: 0 };
}

/** The window with one more event at `now`; reaching the limit starts the rule's lock, if any. */
export function recordInWindow(
  window: AttemptWindow,
  rule: AttemptRule,
  now: number,
): AttemptWindow {
  const events = [...currentWindow(window, rule, now).events, now].slice(-rule.limit);
  const locks = rule.lockMs !== undefined && events.length >= rule.limit;
  return { events, ...(locks && { lockedUntil: now + rule.lockMs! }) };
}

/** When the window decides nothing any more (epoch ms): the stores expire it then. */
export function windowExpiry(window: AttemptWindow, rule: AttemptRule): number {
  const last = window.events.at(-1) ?? 0;
  return Math.max(last + rule.windowMs, window.lockedUntil ?? 0);
}
