import { describe, expect, it } from 'vitest';
import { NO_REVOCATIONS } from '../ports/session-revocations';
import { isRevoked } from './revocation';

const T = Date.parse('2026-11-24T18:00:00Z');

describe('isRevoked', () => {
  it('refuses tokens issued before the user’s last sign-out everywhere or disable', () => {
    const state = { ...NO_REVOCATIONS, tokensValidAfter: T };
    expect(isRevoked(state, { issuedAt: T - 1_000 }, T)).toBe(true);
    expect(isRevoked(state, { issuedAt: T }, T)).toBe(false);
    expect(isRevoked(state, { issuedAt: T + 60_000 }, T + 60_000)).toBe(false);
    // iat has whole seconds: a token of the revocation's own second counts as before it.
    expect(isRevoked({ ...state, tokensValidAfter: T + 500 }, { issuedAt: T }, T + 600)).toBe(true);
  });

  it('refuses every token of a signed-out session until that session’s tokens have all expired', () => {
    const state = { ...NO_REVOCATIONS, revokedSessions: { 'o-1': T + 3_600_000 } };
    expect(isRevoked(state, { issuedAt: T, originJti: 'o-1' }, T + 1)).toBe(true);
    expect(isRevoked(state, { issuedAt: T, originJti: 'o-2' }, T + 1)).toBe(false);
    expect(isRevoked(state, { issuedAt: T }, T + 1)).toBe(false);
    expect(isRevoked(NO_REVOCATIONS, { issuedAt: T, originJti: 'o-1' }, T)).toBe(false);
  });
});
