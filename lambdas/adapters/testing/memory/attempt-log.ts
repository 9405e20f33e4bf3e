import {
  checkWindow,
  EMPTY_WINDOW,
  recordInWindow,
  type AttemptVerdict,
  type AttemptWindow,
} from '../../../../core/attempt-window';
import type { AttemptRule } from '../../../../core/sign-in-limits';
import type { AttemptKey, AttemptLog } from '../../../ports/attempt-log';

const keyOf = ({ scope, id, kind }: AttemptKey) => `${scope}:${id}:${kind}`;

/** The attempt windows in memory, deciding as the DynamoDB adapter does (core/attempt-window). */
export class InMemoryAttemptLog implements AttemptLog {
  readonly windows = new Map<string, AttemptWindow>();

  async check(key: AttemptKey, rule: AttemptRule, now: number): Promise<AttemptVerdict> {
    return checkWindow(this.windows.get(keyOf(key)) ?? EMPTY_WINDOW, rule, now);
  }

  async take(key: AttemptKey, rule: AttemptRule, now: number): Promise<AttemptVerdict> {
    const window = this.windows.get(keyOf(key)) ?? EMPTY_WINDOW;
    const verdict = checkWindow(window, rule, now);
    if (verdict.allowed) this.windows.set(keyOf(key), recordInWindow(window, rule, now));
    return verdict;
  }
}
