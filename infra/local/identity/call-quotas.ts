import {
  checkWindow,
  EMPTY_WINDOW,
  recordInWindow,
  type AttemptWindow,
} from '../../../core/attempt-window';
import type { AttemptRule } from '../../../core/sign-in-limits';

const HOUR = 3_600_000;

/**
 * Cognito's per-user quotas on the calls that send or check a code or change a password (the
 * developer guide's "code security resource quotas"), which cognito-local lacks. Every call
 * counts, right or wrong, within a sliding hour.
 */
export const COGNITO_CALL_QUOTAS = {
  /** "Maximum number of ResendConfirmationCode calls per user: 5 attempts per hour". */
  ResendConfirmationCode: { limit: 5, windowMs: HOUR },
  /** "Maximum number of ConfirmSignUp calls per user: 15 attempts per hour". */
  ConfirmSignUp: { limit: 15, windowMs: HOUR },
  /**
   * The guide gives ForgotPassword no per-user figure (Cognito answers LimitExceededException
   * after a few requests); it is held to the resend's 5 per hour, the figure the guide gives every
   * other call that sends a user a code.
   */
  ForgotPassword: { limit: 5, windowMs: HOUR },
  /** "Maximum number of ChangePassword calls per user: 5 attempts per hour". */
  ChangePassword: { limit: 5, windowMs: HOUR },
  /** "Maximum number of GetUserAttributeVerificationCode calls per user: 5 attempts per hour". */
  GetUserAttributeVerificationCode: { limit: 5, windowMs: HOUR },
  /** "Maximum number of VerifyUserAttribute calls per user: 15 attempts per hour". */
  VerifyUserAttribute: { limit: 15, windowMs: HOUR },
} as const satisfies Record<string, AttemptRule>;

export type QuotaTarget = keyof typeof COGNITO_CALL_QUOTAS;

/**
 * Calls per user (pool and user name) and operation, in memory as the service's other
 * short-lived state: a restart forgets them, as it lifts the lockouts.
 */
export class CallQuotas {
  private readonly windows = new Map<string, AttemptWindow>();

  constructor(private readonly now: () => number) {}

  /** Counts one call if the quota allows it; false (nothing counted) when it does not. */
  take(target: QuotaTarget, user: string): boolean {
    const rule = COGNITO_CALL_QUOTAS[target];
    const key = `${target}\u0000${user}`;
    const window = this.windows.get(key) ?? EMPTY_WINDOW;
    const now = this.now();
    if (!checkWindow(window, rule, now).allowed) return false;
    this.windows.set(key, recordInWindow(window, rule, now));
    return true;
  }
}
