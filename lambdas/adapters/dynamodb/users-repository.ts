import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { USERS_TABLE } from '../../../core/tables';
import type { StoredPermissions, UserRecord } from '../../../core/user-record';
import {
  ItemTooLargeError,
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

export class DynamoDbUsersRepository implements UsersRepository {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private key(email: string) {
    return { [USERS_TABLE.partitionKey.name]: email.toLowerCase() };
  }

  private async read(email: string, attributes: readonly string[]) {
    const result = await this.client.send(
      new GetCommand({
        TableName: this.tableName,
        Key: this.key(email),
        ...projection(attributes),
      }),
    );
    return result.Item as UserItem | undefined;
  }

  async get(email: string): Promise<UserRecord | undefined> {
    return this.read(email, RECORD_ATTRIBUTES);
  }

  async getPermissions(email: string): Promise<StoredPermissions | undefined> {
    const item = await this.read(email, PERMISSION_ATTRIBUTES);
    return item && permissionsOf(item);
  }

  async createIfAbsent(record: UserRecord): Promise<boolean> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...record, email: record.email.toLowerCase() },
          ConditionExpression: 'attribute_not_exists(#email)',
          ExpressionAttributeNames: { '#email': USERS_TABLE.partitionKey.name },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async writePermissionSet(
    email: string,
    expectedVersion: number,
    write: PermissionSetWrite,
  ): Promise<void> {
    // An update, not a put: the rest of the record (subscription, …) is never rewritten, and the
    // condition makes set, version and audit move together or not at all.
    const versionHolds =
      expectedVersion === 0
        ? '(attribute_not_exists(#version) OR #version = :expected)'
        : '#version = :expected';
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.key(email),
          UpdateExpression: 'SET #set = :set, #version = :version, #audit = :audit',
          ConditionExpression: `attribute_exists(#email) AND ${versionHolds}`,
          ExpressionAttributeNames: {
            '#email': USERS_TABLE.partitionKey.name,
            '#set': 'permissionSet',
            '#version': 'permissionVersion',
            '#audit': 'permissionAudit',
          } satisfies Record<string, keyof UserItem>,
          ExpressionAttributeValues: {
            ':set': { accessLevels: write.accessLevels },
            ':version': write.version,
            ':audit': write.audit,
            ':expected': expectedVersion,
          },
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) {
        throw new VersionConflictError(`The permission set of ${email} changed meanwhile`);
      }
      if (isItemTooLarge(error)) {
        throw new ItemTooLargeError(`The record of ${email} would exceed the item size limit`);
      }
      throw error;
    }
  }
}
