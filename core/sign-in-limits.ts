/**
 * The server's limits on the 4-digit code step, against guessing and SMS toll fraud. Counted in
 * the users table (TTL-bounded), across sign-in sessions: three wrong answers end one sign-in, and
 * these stop a new sign-in from starting the guessing over.
 */
export interface AttemptRule {
  /** Events allowed within the window. */
  readonly limit: number;
  readonly windowMs: number;
  /** Once the limit is reached, nothing more is allowed for this long. */
  readonly lockMs?: number;
}

const MINUTE = 60_000;

export const SIGN_IN_LIMITS = {
  /**
   * Codes texted, per user and per phone number (see codeSendBudgets: a number the account has
   * not verified is counted per account and number).
   */
  codeSends: { limit: 5, windowMs: 15 * MINUTE },
  /** Wrong code answers per user, across sign-ins; the tenth locks the code step. */
  wrongCodes: { limit: 10, windowMs: 60 * MINUTE, lockMs: 15 * MINUTE },
} as const satisfies Record<string, AttemptRule>;

/**
 * Whose budget of SIGN_IN_LIMITS.codeSends a code texted to a number is taken from: always the
 * account's own; then the number's, shared by every account, only when this account has verified
 * the number (a correct code reached it). A number an account merely typed in is counted per
 * account and number instead, so anyone can give someone else's number at sign-up without using
 * up the codes its owner signs in with; each such account still has its own per-account cap.
 */
export type CodeSendBudget =
  | { readonly scope: 'user'; readonly sub: string }
  | { readonly scope: 'phone'; readonly phone: string }
  | { readonly scope: 'user-phone'; readonly sub: string; readonly phone: string };

export function codeSendBudgets(
  sub: string,
  phone: string,
  verifiedByAccount: boolean,
): CodeSendBudget[] {
  return [
    verifiedByAccount ? { scope: 'phone', phone } : { scope: 'user-phone', sub, phone },
    { scope: 'user', sub },
  ];
}

/** Whole minutes, at least one, for a wait in milliseconds. */
export const minutesOf = (ms: number): number => Math.max(1, Math.ceil(ms / MINUTE));

const minutesText = (ms: number) => {
  const minutes = minutesOf(ms);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** Shown when the send cap refuses a new code (per user or per phone number). */
export const tooManyCodesText = (retryAfterMs: number): string =>
  `Too many verification codes were sent. Please try again in ${minutesText(retryAfterMs)}.`;

/** Shown when wrong answers have locked the code step. */
export const codeStepLockedText = (retryAfterMs: number): string =>
  `Too many wrong verification codes. Please try again in ${minutesText(retryAfterMs)}.`;
