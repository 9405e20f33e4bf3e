import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { USERS_TABLE } from '../../../core/tables';
import type { CheckoutClaim, DuplicateRefund } from '../../../core/checkout-claim';
import type { ShariahStandard } from '../../../core/market/shariah';
import type { SubscriptionState } from '../../../core/subscription';
import type { StoredPermissions, UserRecord } from '../../../core/user-record';
import {
  ItemTooLargeError,
  RecordNotFoundError,
  VersionConflictError,
  type PermissionSetWrite,
  type UsersRepository,
} from '../../ports/users-repository';
import {
  PERMISSION_ATTRIBUTES,
  permissionsOf,
  RECORD_ATTRIBUTES,
  type UserItem,
} from './user-item';
import { profileKey } from './users-keys';

/** A projection of the named attributes: `#a0, #a1, …` with their names. */
function projection(attributes: readonly string[]) {
  return {
    ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(attributes.map((name, i) => [`#a${i}`, name])),
  };
}

/** DynamoDB refuses an item over 400 KB with a ValidationException naming the item size. */
const isItemTooLarge = (error: unknown): boolean =>
  error instanceof Error &&
  error.name === 'ValidationException' &&
  /item size/i.test(error.message);

/** Writes to a record only when it exists: `#pk` names the partition key. */
const RECORD_EXISTS = 'attribute_exists(#pk)';
const PK_NAME = { '#pk': USERS_TABLE.partitionKey.name };

/** The users' records: the PROFILE item of each user's partition (users-keys.ts). */
export class DynamoDbUsersRepository implements UsersRepository {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private async read(sub: string, attributes: readonly string[]) {
    const result = await this.client.send(
      new GetCommand({
        TableName: this.tableName,
        Key: profileKey(sub),
        ...projection(attributes),
      }),
    );
    return result.Item as UserItem | undefined;
  }

  async get(sub: string): Promise<UserRecord | undefined> {
    return this.read(sub, RECORD_ATTRIBUTES);
  }

  async getPermissions(sub: string): Promise<StoredPermissions | undefined> {
    const item = await this.read(sub, PERMISSION_ATTRIBUTES);
    return item && permissionsOf(item);
  }

  async createIfAbsent(record: UserRecord): Promise<boolean> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...profileKey(record.sub), ...record, email: record.email.toLowerCase() },
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: PK_NAME,
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async writePermissionSet(
    sub: string,
    expectedVersion: number,
    write: PermissionSetWrite,
  ): Promise<void> {
    // An update, not a put: the rest of the record (subscription, …) is never rewritten, and the
    // condition makes set, version and audit move together or not at all.
    await this.versionedUpdate(sub, 'permission set', {
      version: 'permissionVersion',
      expected: expectedVersion,
      next: write.version,
      set: {
        permissionSet: { accessLevels: write.accessLevels },
        permissionAudit: write.audit,
      },
    });
  }

  /**
   * Sets `set`'s attributes and moves the version attribute from `expected` to `next`, on the
   * condition that the record exists and its version is still `expected` (0: never written): the
   * versioned conditional write of a record part two people (or two requests) can race.
   */
  private async versionedUpdate(
    sub: string,
    what: string,
    update: {
      readonly version: keyof UserItem;
      readonly expected: number;
      readonly next: number;
      readonly set: Partial<Record<keyof UserItem, unknown>>;
    },
  ): Promise<void> {
    const versionHolds =
      update.expected === 0
        ? '(attribute_not_exists(#version) OR #version = :expected)'
        : '#version = :expected';
    const fields = Object.entries(update.set);
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: profileKey(sub),
          UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :f${i}`).join(', ')}, #version = :version`,
          ConditionExpression: `${RECORD_EXISTS} AND ${versionHolds}`,
          ExpressionAttributeNames: {
            ...PK_NAME,
            '#version': update.version,
            ...Object.fromEntries(fields.map(([name], i) => [`#f${i}`, name])),
          },
          ExpressionAttributeValues: {
            ':version': update.next,
            ':expected': update.expected,
            ...Object.fromEntries(fields.map(([, value], i) => [`:f${i}`, value])),
          },
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) {
        throw new VersionConflictError(`The ${what} of ${sub} changed meanwhile`);
      }
      if (isItemTooLarge(error)) {
        throw new ItemTooLargeError(`The record of ${sub} would exceed the item size limit`);
      }
      throw error;
    }
  }

  async setCustomerId(sub: string, customerId: string): Promise<string> {
    try {
      const { Attributes } = await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: profileKey(sub),
          UpdateExpression: 'SET #customer = if_not_exists(#customer, :customer)',
          ConditionExpression: RECORD_EXISTS,
          ExpressionAttributeNames: { ...PK_NAME, '#customer': 'customerId' },
          ExpressionAttributeValues: { ':customer': customerId },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return (Attributes?.customerId as string | undefined) ?? customerId;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) {
        throw new RecordNotFoundError(`No record for ${sub}`);
      }
      throw error;
    }
  }

  async writeSubscription(sub: string, state: SubscriptionState): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: profileKey(sub),
          UpdateExpression: 'SET #subscription = :state',
          // A null subscription has no observedAt: any state replaces it.
          ConditionExpression: `${RECORD_EXISTS} AND (attribute_not_exists(#subscription.#observed) OR #subscription.#observed < :observed)`,
          ExpressionAttributeNames: {
            ...PK_NAME,
            '#subscription': 'subscription',
            '#observed': 'observedAt',
          },
          ExpressionAttributeValues: { ':state': state, ':observed': state.observedAt },
        }),
      );
      return true;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      if (!(await this.get(sub))) throw new RecordNotFoundError(`No record for ${sub}`);
      return false;
    }
  }

  async getCheckout(sub: string) {
    const item = await this.read(sub, ['sub', 'checkout', 'checkoutVersion']);
    return item && { claim: item.checkout ?? null, version: item.checkoutVersion ?? 0 };
  }

  async writeCheckout(sub: string, expectedVersion: number, claim: CheckoutClaim | null) {
    await this.versionedUpdate(sub, 'checkout', {
      version: 'checkoutVersion',
      expected: expectedVersion,
      next: expectedVersion + 1,
      set: { checkout: claim },
    });
  }

  async recordDuplicateRefund(sub: string, refund: DuplicateRefund): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: profileKey(sub),
          // The id set is the condition (a list cannot be searched in one); the list keeps the
          // details in order.
          UpdateExpression:
            'SET #refunds = list_append(if_not_exists(#refunds, :none), :refund) ADD #ids :id',
          ConditionExpression: `${RECORD_EXISTS} AND NOT contains(#ids, :subscription)`,
          ExpressionAttributeNames: {
            ...PK_NAME,
            '#refunds': 'duplicateRefunds',
            '#ids': 'duplicateRefundIds',
          } satisfies Record<string, keyof UserItem | typeof USERS_TABLE.partitionKey.name>,
          ExpressionAttributeValues: {
            ':none': [],
            ':refund': [refund],
            ':id': new Set([refund.subscriptionId]),
            ':subscription': refund.subscriptionId,
          },
        }),
      );
      return true;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      if (!(await this.get(sub))) throw new RecordNotFoundError(`No record for ${sub}`);
      return false;
    }
  }

  async findSubByCustomerId(customerId: string): Promise<string | undefined> {
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'byCustomerId',
        KeyConditionExpression: '#customer = :customer',
        ExpressionAttributeNames: { '#customer': 'customerId' },
        ExpressionAttributeValues: { ':customer': customerId },
        Limit: 1,
      }),
    );
    return Items?.[0]?.sub as string | undefined;
  }

  async setShariahStandard(sub: string, standard: ShariahStandard): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: profileKey(sub),
          UpdateExpression: 'SET #standard = :standard',
          ConditionExpression: RECORD_EXISTS,
          ExpressionAttributeNames: {
            ...PK_NAME,
            '#standard': 'shariahStandard',
          } satisfies Record<string, keyof UserItem | typeof USERS_TABLE.partitionKey.name>,
          ExpressionAttributeValues: { ':standard': standard },
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) {
        throw new RecordNotFoundError(`No record for ${sub}`);
      }
      throw error;
    }
  }

  async setVerdictAlerts(sub: string, on: boolean): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: profileKey(sub),
          UpdateExpression: 'SET #on = :on',
          ConditionExpression: RECORD_EXISTS,
          ExpressionAttributeNames: {
            ...PK_NAME,
            '#on': 'verdictAlerts',
          } satisfies Record<string, keyof UserItem | typeof USERS_TABLE.partitionKey.name>,
          ExpressionAttributeValues: { ':on': on },
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) {
        throw new RecordNotFoundError(`No record for ${sub}`);
      }
      throw error;
    }
  }

  async setVerifiedPhone(sub: string, phoneNumber: string): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: profileKey(sub),
          UpdateExpression: 'SET #phone = :phone, #verified = :true',
          ConditionExpression: RECORD_EXISTS,
          ExpressionAttributeNames: {
            ...PK_NAME,
            '#phone': 'phoneNumber',
            '#verified': 'phoneVerified',
          },
          ExpressionAttributeValues: { ':phone': phoneNumber, ':true': true },
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) {
        throw new RecordNotFoundError(`No record for ${sub}`);
      }
      throw error;
    }
  }
}
