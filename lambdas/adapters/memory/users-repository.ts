import type { StoredPermissions, UserRecord } from '../../../core/user-record';
import {
  ItemTooLargeError,
  VersionConflictError,
  type PermissionSetWrite,
  type UsersRepository,
} from '../../ports/users-repository';
import { MAX_ITEM_BYTES, permissionsOf, recordOf, type UserItem } from '../dynamodb/user-item';

/** An item's size as JSON bytes: above DynamoDB's own count, so never more lenient than it. */
export const itemBytes = (item: UserItem): number => Buffer.byteLength(JSON.stringify(item));

/**
 * The users table in memory, with the DynamoDB adapter's semantics (lower-cased keys, reads that
 * leave out the permission bookkeeping, the conditional permission write, the item size limit):
 * for unit tests of the APIs and triggers.
 */
export class InMemoryUsersRepository implements UsersRepository {
  /** The stored items by lower-cased e-mail, bookkeeping included. */
  readonly records = new Map<string, UserItem>();
  private readonly maxItemBytes: number;

  constructor(items: readonly UserItem[] = [], { maxItemBytes = MAX_ITEM_BYTES } = {}) {
    this.maxItemBytes = maxItemBytes;
    for (const item of items) this.store(item);
  }

  /** Stores an item as it is, replacing any with its e-mail: how tests set up the table. */
  async put(item: UserItem): Promise<void> {
    this.store(item);
  }

  async get(email: string): Promise<UserRecord | undefined> {
    const item = this.records.get(email.toLowerCase());
    return item && recordOf(item);
  }

  async getPermissions(email: string): Promise<StoredPermissions | undefined> {
    const item = this.records.get(email.toLowerCase());
    return item && permissionsOf(item);
  }

  async createIfAbsent(record: UserRecord): Promise<boolean> {
    if (this.records.has(record.email.toLowerCase())) return false;
    this.store(record);
    return true;
  }

  async writePermissionSet(
    email: string,
    expectedVersion: number,
    write: PermissionSetWrite,
  ): Promise<void> {
    const item = this.records.get(email.toLowerCase());
    if (!item || (item.permissionVersion ?? 0) !== expectedVersion) {
      throw new VersionConflictError(`The permission set of ${email} changed`);
    }
    this.store({
      ...item,
      permissionSet: { accessLevels: write.accessLevels },
      permissionVersion: write.version,
      permissionAudit: write.audit,
    });
  }

  private store(item: UserItem): void {
    const email = item.email.toLowerCase();
    const stored = { ...item, email };
    if (itemBytes(stored) > this.maxItemBytes) {
      throw new ItemTooLargeError(`The record of ${email} would exceed the item size limit`);
    }
    this.records.set(email, stored);
  }
}
