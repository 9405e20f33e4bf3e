import type { CheckoutClaim, DuplicateRefund } from '../../../core/checkout-claim';
import type {
  PermissionAuditEntry,
  StoredPermissions,
  UserRecord,
} from '../../../core/user-record';

/** A profile item's attributes: the record plus the admins' bookkeeping of the permission set. */
export interface UserItem extends UserRecord {
  readonly permissionVersion?: number;
  readonly permissionAudit?: readonly PermissionAuditEntry[];
  /** The checkout being opened or open, and the version a change of it must name. */
  readonly checkout?: CheckoutClaim | null;
  readonly checkoutVersion?: number;
  /** Duplicate subscriptions ended and refunded, and their ids (the condition of the next one). */
  readonly duplicateRefunds?: readonly DuplicateRefund[];
  readonly duplicateRefundIds?: ReadonlySet<string>;
}

/** DynamoDB's limit for one item (names and values together): 400 KB. */
export const MAX_ITEM_BYTES = 400 * 1024;

// Every field of a UserRecord: the compiler insists that a field added to the record is listed
// here, or reads (which project these attributes) would silently leave it out.
const RECORD_FIELDS = {
  email: true,
  sub: true,
  phoneNumber: true,
  phoneVerified: true,
  createdAt: true,
  subscription: true,
  customerId: true,
  permissionSet: true,
  shariahStandard: true,
  verdictAlerts: true,
} as const satisfies Record<keyof UserRecord, true>;

/** What `get` reads: the record without the permission version and audit trail. */
export const RECORD_ATTRIBUTES = Object.keys(RECORD_FIELDS) as readonly (keyof UserRecord)[];

/** What `getPermissions` reads. */
export const PERMISSION_ATTRIBUTES = [
  'sub',
  'email',
  'permissionSet',
  'permissionVersion',
  'permissionAudit',
] as const satisfies readonly (keyof UserItem)[];

/** The record's attributes of an item, as a projection of RECORD_ATTRIBUTES returns them. */
export function recordOf(item: UserItem): UserRecord {
  return Object.fromEntries(
    RECORD_ATTRIBUTES.filter((name) => item[name] !== undefined).map((name) => [name, item[name]]),
  ) as unknown as UserRecord;
}

/** The permission view of an item read with PERMISSION_ATTRIBUTES. */
export function permissionsOf(
  item: Pick<UserItem, (typeof PERMISSION_ATTRIBUTES)[number]>,
): StoredPermissions {
  return {
    sub: item.sub,
    email: item.email,
    permissionSet: item.permissionSet ? { accessLevels: item.permissionSet.accessLevels } : null,
    version: item.permissionVersion ?? 0,
    audit: item.permissionAudit ?? [],
  };
}
