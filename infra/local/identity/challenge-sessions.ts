import { randomBytes } from 'node:crypto';
import { NotAuthorizedError } from 'cognito-local/lib/errors';
import type { Clock } from 'cognito-local/lib/services/clock';
import type { User } from 'cognito-local/lib/services/userPoolService';
import { USER_POOL_SETTINGS } from '../../../core/identity';
import { sameUsername, type ExpiresForUser } from './user-expiry';

/**
 * A challenge session lasts core/identity.ts's authSessionMinutes: the value bootstrap.ts gives the
 * app client as AuthSessionValidity. It is read from core, not from the stored client (cognito-local
 * does not keep that field).
 */
export const SESSION_TTL_MS = USER_POOL_SETTINGS.tokenValidity.authSessionMinutes * 60_000;
/** How long an expired session is remembered, to answer "expired" rather than "invalid". */
const FORGET_AFTER_MS = 60 * 60_000;

interface Entry<T> {
  readonly data: T;
  readonly clientId: string;
  readonly expiresAt: number;
}

/**
 * The opaque `Session` strings of RespondToAuthChallenge. Each is single-use and bound to the app
 * client; the refusals carry Cognito's messages (the SPA maps 'Invalid session' to SPEC §8's text).
 */
export class ChallengeSessions<T> implements ExpiresForUser {
  private readonly entries = new Map<string, Entry<T>>();

  /** `ownerOf` names the user a session's sign-in is for. */
  constructor(
    private readonly clock: Clock,
    private readonly ownerOf: (data: T) => string,
  ) {}

  open(clientId: string, data: T): string {
    const now = this.clock.get().getTime();
    for (const [id, entry] of this.entries) {
      if (entry.expiresAt + FORGET_AFTER_MS < now) this.entries.delete(id);
    }
    const session = randomBytes(48).toString('base64url');
    this.entries.set(session, { data, clientId, expiresAt: now + SESSION_TTL_MS });
    return session;
  }

  /** Consumes the session, or refuses it as Cognito does. */
  take(session: unknown, clientId: unknown): T {
    const entry = typeof session === 'string' ? this.entries.get(session) : undefined;
    if (!entry || entry.clientId !== clientId) {
      throw new NotAuthorizedError('Invalid session for the user.');
    }
    this.entries.delete(session as string);
    if (entry.expiresAt < this.clock.get().getTime()) {
      throw new NotAuthorizedError('Invalid session for the user, session is expired.');
    }
    return entry.data;
  }

  /** Developer control: the user's open sessions expire now (see UserExpiry). */
  expireForUser(user: User): number {
    const past = this.clock.get().getTime() - 1;
    let count = 0;
    for (const [id, entry] of this.entries) {
      if (entry.expiresAt > past && sameUsername(this.ownerOf(entry.data), user.Username)) {
        this.entries.set(id, { ...entry, expiresAt: past });
        count += 1;
      }
    }
    return count;
  }
}
