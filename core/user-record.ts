import type { PermissionSet } from './permissions';

/**
 * A record of the users table (keyed by e-mail): created when a sign-up is confirmed. The
 * subscription's shape arrives with the subscription work; until then it is null.
 */
export interface UserRecord {
  readonly email: string;
  readonly sub: string;
  readonly phoneNumber?: string;
  readonly createdAt: string;
  readonly subscription: Record<string, unknown> | null;
  /** Editors only: what they may read, create, update and delete (SPEC §3, §6). */
  readonly permissionSet?: { readonly accessLevels: PermissionSet };
}
