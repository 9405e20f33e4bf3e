import type { CheckoutClaim, DuplicateRefund } from '../../core/checkout-claim';
import type { ShariahStandard } from '../../core/market/shariah';
import type { PermissionSet } from '../../core/permissions';
import type { SubscriptionState } from '../../core/subscription';
import type { PermissionAuditEntry, StoredPermissions, UserRecord } from '../../core/user-record';

/** A new permission set with the version it becomes and the audit trail to store with it. */
export interface PermissionSetWrite {
  readonly accessLevels: PermissionSet;
  readonly version: number;
  readonly audit: readonly PermissionAuditEntry[];
}

/**
 * Port over the users' records, keyed by the Cognito `sub`; the DynamoDB adapter serves both AWS
 * and DynamoDB Local.
 */
export interface UsersRepository {
  /**
   * The record, without the admins' bookkeeping of the permission set (its version and audit
   * trail): what access decisions and the user's own details need.
   */
  get(sub: string): Promise<UserRecord | undefined>;
  /** The permission set with its version and audit trail, for the admin API. */
  getPermissions(sub: string): Promise<StoredPermissions | undefined>;
  /** Writes the record unless one exists for its sub; returns whether it wrote. */
  createIfAbsent(record: UserRecord): Promise<boolean>;
  /**
   * Stores the permission set, its new version and audit trail in one write, only if the record
   * exists and its permission version is still `expectedVersion` (absent counts as 0); otherwise
   * writes nothing and throws VersionConflictError. ItemTooLargeError when the record would
   * outgrow the table's item limit.
   */
  writePermissionSet(
    sub: string,
    expectedVersion: number,
    write: PermissionSetWrite,
  ): Promise<void>;
  /**
   * Makes `phoneNumber` the record's verified number for sign-in codes (a code sent to it was
   * entered correctly). RecordNotFoundError when there is no record.
   */
  setVerifiedPhone(sub: string, phoneNumber: string): Promise<void>;
  /**
   * Makes `standard` the one the user's lists show Shariah verdicts under. The user's own setting,
   * which only they change: the latest choice stands. RecordNotFoundError when there is no record.
   */
  setShariahStandard(sub: string, standard: ShariahStandard): Promise<void>;
  /**
   * Turns the user's "verdict changed" alerts on or off (core/verdict-alerts.ts): their own
   * setting, the latest choice stands. RecordNotFoundError when there is no record.
   */
  setVerdictAlerts(sub: string, on: boolean): Promise<void>;
  /**
   * Keeps the provider's customer id on the record, unless it already holds one: answers the id
   * the record holds afterwards. RecordNotFoundError when there is no record.
   */
  setCustomerId(sub: string, customerId: string): Promise<string>;
  /**
   * Stores the subscription state unless the record holds one observed later (observedAt): an
   * older read never overwrites a newer one. Answers whether it wrote. RecordNotFoundError when
   * there is no record.
   */
  writeSubscription(sub: string, state: SubscriptionState): Promise<boolean>;
  /**
   * The user's checkout claim (null when none) and its version (0 before the first); undefined
   * when there is no record.
   */
  getCheckout(
    sub: string,
  ): Promise<{ readonly claim: CheckoutClaim | null; readonly version: number } | undefined>;
  /**
   * Stores the claim (null: none) as version `expectedVersion + 1`, only if the record exists and
   * the claim's version is still `expectedVersion`; otherwise writes nothing and throws
   * VersionConflictError. Two requests that read the same version cannot both claim.
   */
  writeCheckout(sub: string, expectedVersion: number, claim: CheckoutClaim | null): Promise<void>;
  /**
   * Keeps the record of a duplicate subscription ended and refunded, once per subscription:
   * answers false (and writes nothing) when that subscription is recorded already.
   * RecordNotFoundError when there is no record.
   */
  recordDuplicateRefund(sub: string, refund: DuplicateRefund): Promise<boolean>;
  /** The user whose record holds this provider customer (the byCustomerId index). */
  findSubByCustomerId(customerId: string): Promise<string | undefined>;
}

/** Someone else changed the record since it was read (or it is gone): nothing was written. */
export class VersionConflictError extends Error {
  override readonly name = 'VersionConflictError';
}

/** The record would exceed the table's item size limit (400 KB in DynamoDB): nothing was written. */
export class ItemTooLargeError extends Error {
  override readonly name = 'ItemTooLargeError';
}

/** The user has no record: nothing was written. */
export class RecordNotFoundError extends Error {
  override readonly name = 'RecordNotFoundError';
}
