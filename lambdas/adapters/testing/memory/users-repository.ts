import type { CheckoutClaim, DuplicateRefund } from '../../../../core/checkout-claim';
import type { ShariahStandard } from '../../../../core/market/shariah';
import type { SubscriptionState } from '../../../../core/subscription';
import type { StoredPermissions, UserRecord } from '../../../../core/user-record';
import {
  ItemTooLargeError,
  RecordNotFoundError,
  VersionConflictError,
  type PermissionSetWrite,
  type UsersRepository,
} from '../../../ports/users-repository';
import { MAX_ITEM_BYTES, permissionsOf, recordOf, type UserItem } from '../../dynamodb/user-item';

/** An item's size as JSON bytes: above DynamoDB's own count, so never more lenient than it. */
export const itemBytes = (item: UserItem): number => Buffer.byteLength(JSON.stringify(item));

/**
 * The users' records in memory, with the DynamoDB adapter's semantics (keyed by sub, lower-cased
 * e-mails, reads that leave out the permission bookkeeping, the conditional permission write, the
 * item size limit): for unit tests of the APIs and triggers.
 */
export class InMemoryUsersRepository implements UsersRepository {
  /** The stored items by sub, bookkeeping included. */
  readonly records = new Map<string, UserItem>();
  private readonly maxItemBytes: number;

  constructor(items: readonly UserItem[] = [], { maxItemBytes = MAX_ITEM_BYTES } = {}) {
    this.maxItemBytes = maxItemBytes;
    for (const item of items) this.store(item);
  }

  /** Stores an item as it is, replacing any with its sub: how tests set up the table. */
  async put(item: UserItem): Promise<void> {
    this.store(item);
  }

  async get(sub: string): Promise<UserRecord | undefined> {
    const item = this.records.get(sub);
    return item && recordOf(item);
  }

  async getPermissions(sub: string): Promise<StoredPermissions | undefined> {
    const item = this.records.get(sub);
    return item && permissionsOf(item);
  }

  async createIfAbsent(record: UserRecord): Promise<boolean> {
    if (this.records.has(record.sub)) return false;
    this.store(record);
    return true;
  }

  async writePermissionSet(
    sub: string,
    expectedVersion: number,
    write: PermissionSetWrite,
  ): Promise<void> {
    const item = this.records.get(sub);
    if (!item || (item.permissionVersion ?? 0) !== expectedVersion) {
      throw new VersionConflictError(`The permission set of ${sub} changed`);
    }
    this.store({
      ...item,
      permissionSet: { accessLevels: write.accessLevels },
      permissionVersion: write.version,
      permissionAudit: write.audit,
    });
  }

  async setVerifiedPhone(sub: string, phoneNumber: string): Promise<void> {
    const item = this.records.get(sub);
    if (!item) throw new RecordNotFoundError(`No record for ${sub}`);
    this.store({ ...item, phoneNumber, phoneVerified: true });
  }

  async setShariahStandard(sub: string, shariahStandard: ShariahStandard): Promise<void> {
    const item = this.records.get(sub);
    if (!item) throw new RecordNotFoundError(`No record for ${sub}`);
    this.store({ ...item, shariahStandard });
  }

  async setVerdictAlerts(sub: string, verdictAlerts: boolean): Promise<void> {
    const item = this.records.get(sub);
    if (!item) throw new RecordNotFoundError(`No record for ${sub}`);
    this.store({ ...item, verdictAlerts });
  }

  async setCustomerId(sub: string, customerId: string): Promise<string> {
    const item = this.records.get(sub);
    if (!item) throw new RecordNotFoundError(`No record for ${sub}`);
    if (item.customerId) return item.customerId;
    this.store({ ...item, customerId });
    return customerId;
  }

  async writeSubscription(sub: string, state: SubscriptionState): Promise<boolean> {
    const item = this.records.get(sub);
    if (!item) throw new RecordNotFoundError(`No record for ${sub}`);
    if (item.subscription && item.subscription.observedAt >= state.observedAt) return false;
    this.store({ ...item, subscription: state });
    return true;
  }

  async getCheckout(sub: string) {
    const item = this.records.get(sub);
    return item && { claim: item.checkout ?? null, version: item.checkoutVersion ?? 0 };
  }

  async writeCheckout(sub: string, expectedVersion: number, claim: CheckoutClaim | null) {
    const item = this.records.get(sub);
    if (!item || (item.checkoutVersion ?? 0) !== expectedVersion) {
      throw new VersionConflictError(`The checkout of ${sub} changed`);
    }
    this.store({ ...item, checkout: claim, checkoutVersion: expectedVersion + 1 });
  }

  async recordDuplicateRefund(sub: string, refund: DuplicateRefund): Promise<boolean> {
    const item = this.records.get(sub);
    if (!item) throw new RecordNotFoundError(`No record for ${sub}`);
    if (item.duplicateRefunds?.some((r) => r.subscriptionId === refund.subscriptionId)) {
      return false;
    }
    this.store({ ...item, duplicateRefunds: [...(item.duplicateRefunds ?? []), refund] });
    return true;
  }

  async findSubByCustomerId(customerId: string): Promise<string | undefined> {
    return [...this.records.values()].find((item) => item.customerId === customerId)?.sub;
  }

  private store(item: UserItem): void {
    const stored = { ...item, email: item.email.toLowerCase() };
    if (itemBytes(stored) > this.maxItemBytes) {
      throw new ItemTooLargeError(`The record of ${item.sub} would exceed the item size limit`);
    }
    this.records.set(item.sub, stored);
  }
}
