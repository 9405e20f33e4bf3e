/**
 * What makes a user's tokens stop counting at the APIs before they expire: a 'tokens valid after'
 * instant (set by 'Sign out of all devices' and by an admin's disable) and the sessions signed out
 * one by one (by the `origin_jti` every token of one sign-in carries). API Gateway's Cognito
 * authorizer only checks signatures and expiry, so the APIs check these themselves.
 */
export interface RevocationState {
  /** Epoch ms: tokens issued before it are refused; 0 when never set. */
  readonly tokensValidAfter: number;
  /** origin_jti → epoch ms after which no token of that session can still be unexpired. */
  readonly revokedSessions: Readonly<Record<string, number>>;
}

export const NO_REVOCATIONS: RevocationState = { tokensValidAfter: 0, revokedSessions: {} };

export interface SessionRevocations {
  state(sub: string): Promise<RevocationState>;
  /** Refuses every token issued before `at` (epoch ms); never moves the instant back. */
  revokeAllBefore(sub: string, at: number): Promise<void>;
  /**
   * Refuses every token of one sign-in session until `until` (epoch ms, when its last token
   * expires); entries past their `until` are dropped as `now` passes them.
   */
  revokeSession(sub: string, originJti: string, until: number, now: number): Promise<void>;
}
