import type { ShariahStandard } from './market/shariah';
import type { PermissionSet, PermissionSetDiff } from './permissions';
import type { SubscriptionState } from './subscription';

/**
 * A record of the users table (keyed by the Cognito sub) as every reader sees it: created when a
 * sign-up is confirmed (or by the admin API for an account an administrator made, or at the first
 * sign-in of an account that has none). The admins' bookkeeping of an
 * editor's set (its version and audit trail) is stored with it but is not part of it: see
 * StoredPermissions.
 */
export interface UserRecord {
  readonly email: string;
  readonly sub: string;
  /**
   * The number the sign-in codes go to. It is the sign-up's until changed through the account
   * API, which texts the new number a code first; a change of the identity service's phone_number
   * attribute alone does not move it (SMS toll fraud).
   */
  readonly phoneNumber?: string;
  /** The phone number has received a code that was entered correctly. */
  readonly phoneVerified?: boolean;
  readonly createdAt: string;
  /** The card payment provider's subscription (core/subscription.ts); null when there is none. */
  readonly subscription: SubscriptionState | null;
  /** The provider's customer, created at the first checkout and reused after. */
  readonly customerId?: string;
  /** Editors only: what they may read, create, update and delete (SPEC §3, §6). */
  readonly permissionSet?: { readonly accessLevels: PermissionSet };
  /** The standard the user's lists show verdicts under (core/shariah-preference.ts); absent: the default. */
  readonly shariahStandard?: ShariahStandard;
  /** False: no "verdict changed" alerts (core/verdict-alerts.ts); absent: on. */
  readonly verdictAlerts?: boolean;
}

interface NewUser {
  readonly email: string;
  readonly sub: string;
  /** Absent or empty: the account has no phone number. */
  readonly phoneNumber?: string | undefined;
  /** ISO 8601 instant the account was created or confirmed. */
  readonly createdAt: string;
}

/** A new account's record: the e-mail lower-cased, no subscription, no permission set. */
export function newUserRecord({ email, sub, phoneNumber, createdAt }: NewUser): UserRecord {
  return {
    email: email.toLowerCase(),
    sub,
    ...(phoneNumber ? { phoneNumber } : {}),
    createdAt,
    subscription: null,
  };
}

/** One change of an editor's permission set: who made it, when, and what it changed. */
export interface PermissionAuditEntry {
  /** The admin's e-mail, from their verified token. */
  readonly by: string;
  /** ISO 8601 instant of the change. */
  readonly at: string;
  /** Only what changed, never whole sets: the trail lives in the record's item (400 KB at most). */
  readonly changes: PermissionSetDiff;
}

/**
 * An editor's permission set as the admin API reads it before a change: the set (null when none
 * is stored), the version a change must name (every change is a write conditional on it, so two
 * admins cannot overwrite each other unseen; 0 before the first) and the latest changes, oldest
 * first, bounded.
 */
export interface StoredPermissions {
  readonly sub: string;
  readonly email: string;
  readonly permissionSet: { readonly accessLevels: PermissionSet } | null;
  readonly version: number;
  readonly audit: readonly PermissionAuditEntry[];
}

/**
 * AdminQueries' answer for an editor's permission set (GET and PUT /editorPermissions): the set
 * (null when none is stored), the version a change must name, and who changed it last.
 */
export interface EditorPermissionsView {
  readonly email: string;
  readonly permissionSet: { readonly accessLevels: PermissionSet } | null;
  readonly version: number;
  readonly lastChange: { readonly by: string; readonly at: string } | null;
}

/** The §7 permission lookup's answer (POST /api/subscription/permissions): null means no set. */
export interface PermissionLookupAnswer {
  readonly permissionSet: { readonly accessLevels: PermissionSet } | null;
}
