import type { User } from 'cognito-local/lib/services/userPoolService';

/** A part of the identity service that holds something of a user's with a lifetime. */
export interface ExpiresForUser {
  /** Ages what the user holds and is still live past its lifetime; answers how many things. */
  expireForUser(user: User): number;
}

/**
 * Local-only developer control behind POST /dev/identity/expire: ages one user's open sign-in
 * sessions and unused codes past their lifetimes, so the "expired" answers (SPEC §8) can be seen
 * without waiting 3 minutes or 24 hours — and without touching any other user's sign-in, which a
 * clock shared by the whole service would. Every part holding such things registers itself here
 * when it is built (see identity-router.ts).
 */
export class UserExpiry implements ExpiresForUser {
  private readonly parts: ExpiresForUser[] = [];

  add(part: ExpiresForUser): void {
    this.parts.push(part);
  }

  expireForUser(user: User): number {
    return this.parts.reduce((sum, part) => sum + part.expireForUser(user), 0);
  }
}

/** Usernames compare as Cognito compares them in a pool that is not case sensitive. */
export const sameUsername = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
