import type { RevocationState, SessionRevocations } from '../ports/session-revocations';
import type { Caller } from './claims';
import { HttpError } from './http';

/**
 * Whether a verified token no longer counts: issued before the user's last sign-out everywhere or
 * disable (iat has whole seconds, so a token of the same second as the revocation counts as before
 * it — a sign-in cannot complete within the same second), or of a session signed out by itself.
 */
export function isRevoked(
  state: RevocationState,
  token: Pick<Caller, 'issuedAt' | 'originJti'>,
  now: number,
): boolean {
  if (token.issuedAt < state.tokensValidAfter) return true;
  const sessionEnd = token.originJti ? state.revokedSessions[token.originJti] : undefined;
  return sessionEnd !== undefined && sessionEnd > now;
}

/** 401 for a revoked token, as for any token the authorizer would refuse. */
export async function refuseRevoked(
  revocations: SessionRevocations,
  caller: Caller,
  now: number,
): Promise<void> {
  if (isRevoked(await revocations.state(caller.sub), caller, now)) {
    throw new HttpError(401, 'Unauthorized');
  }
}
