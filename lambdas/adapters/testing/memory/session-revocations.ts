import {
  NO_REVOCATIONS,
  type RevocationState,
  type SessionRevocations,
} from '../../../ports/session-revocations';

/** Session revocations in memory, with the DynamoDB adapter's semantics. */
export class InMemorySessionRevocations implements SessionRevocations {
  readonly states = new Map<string, RevocationState>();

  async state(sub: string): Promise<RevocationState> {
    return this.states.get(sub) ?? NO_REVOCATIONS;
  }

  async revokeAllBefore(sub: string, at: number): Promise<void> {
    const state = await this.state(sub);
    if (state.tokensValidAfter < at) this.states.set(sub, { ...state, tokensValidAfter: at });
  }

  async revokeSession(sub: string, originJti: string, until: number, now: number): Promise<void> {
    const state = await this.state(sub);
    const live = Object.entries(state.revokedSessions).filter(([, end]) => end > now);
    this.states.set(sub, {
      ...state,
      revokedSessions: Object.fromEntries([...live, [originJti, until]]),
    });
  }
}
