import type { UserRecord } from '../../../core/user-record';
import {
  VersionConflictError,
  type PermissionSetWrite,
  type UsersRepository,
} from '../../ports/users-repository';

/**
 * The users table in memory, with the DynamoDB adapter's semantics (lower-cased keys, the
 * conditional permission write): for unit tests of the APIs and triggers.
 */
export class InMemoryUsersRepository implements UsersRepository {
  readonly records = new Map<string, UserRecord>();

  constructor(records: readonly UserRecord[] = []) {
    for (const record of records) void this.put(record);
  }

  get(email: string): Promise<UserRecord | undefined> {
    return Promise.resolve(this.records.get(email.toLowerCase()));
  }

  put(record: UserRecord): Promise<void> {
    this.records.set(record.email.toLowerCase(), { ...record, email: record.email.toLowerCase() });
    return Promise.resolve();
  }

  async createIfAbsent(record: UserRecord): Promise<boolean> {
    if (this.records.has(record.email.toLowerCase())) return false;
    await this.put(record);
    return true;
  }

  writePermissionSet(
    email: string,
    expectedVersion: number,
    write: PermissionSetWrite,
  ): Promise<void> {
    const key = email.toLowerCase();
    const record = this.records.get(key);
    if (!record || (record.permissionVersion ?? 0) !== expectedVersion) {
      return Promise.reject(new VersionConflictError(`The permission set of ${email} changed`));
    }
    this.records.set(key, {
      ...record,
      permissionSet: { accessLevels: write.accessLevels },
      permissionVersion: write.version,
      permissionAudit: write.audit,
    });
    return Promise.resolve();
  }
}
