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
  /** Codes texted, per user and per phone number. */
  codeSends: { limit: 5, windowMs: 15 * MINUTE },
  /** Wrong code answers per user, across sign-ins; the tenth locks the code step. */
  wrongCodes: { limit: 10, windowMs: 60 * MINUTE, lockMs: 15 * MINUTE },
} as const satisfies Record<string, AttemptRule>;

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
