import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { USERS_TABLE } from '../../../core/tables';
import type { UserRecord } from '../../../core/user-record';
import {
  VersionConflictError,
  type PermissionSetWrite,
  type UsersRepository,
} from '../../ports/users-repository';

export class DynamoDbUsersRepository implements UsersRepository {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private key(email: string) {
    return { [USERS_TABLE.partitionKey.name]: email.toLowerCase() };
  }

  async get(email: string): Promise<UserRecord | undefined> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: this.key(email) }),
    );
    return result.Item as UserRecord | undefined;
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

  async put(record: UserRecord): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { ...record, email: record.email.toLowerCase() },
      }),
    );
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
          } satisfies Record<string, keyof UserRecord>,
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
      throw error;
    }
  }
}
