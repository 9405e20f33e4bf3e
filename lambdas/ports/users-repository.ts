import type { PermissionSet } from '../../core/permissions';
import type { PermissionAuditEntry, UserRecord } from '../../core/user-record';

/** A new permission set with the version it becomes and the audit trail to store with it. */
export interface PermissionSetWrite {
  readonly accessLevels: PermissionSet;
  readonly version: number;
  readonly audit: readonly PermissionAuditEntry[];
}

/** Port over the users table; the DynamoDB adapter serves both AWS and DynamoDB Local. */
export interface UsersRepository {
  get(email: string): Promise<UserRecord | undefined>;
  put(record: UserRecord): Promise<void>;
  /** Writes the record unless one exists for the e-mail; returns whether it wrote. */
  createIfAbsent(record: UserRecord): Promise<boolean>;
  /**
   * Stores the permission set, its new version and audit trail in one write, only if the record
   * exists and its permission version is still `expectedVersion` (absent counts as 0); otherwise
   * writes nothing and throws VersionConflictError.
   */
  writePermissionSet(
    email: string,
    expectedVersion: number,
    write: PermissionSetWrite,
  ): Promise<void>;
}

/** Someone else changed the record since it was read (or it is gone): nothing was written. */
export class VersionConflictError extends Error {
  override readonly name = 'VersionConflictError';
}
