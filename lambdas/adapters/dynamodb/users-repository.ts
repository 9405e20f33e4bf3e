import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { USERS_TABLE } from '../../../core/tables';
import type { UserRecord } from '../../../core/user-record';
import type { UsersRepository } from '../../ports/users-repository';

export class DynamoDbUsersRepository implements UsersRepository {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(email: string): Promise<UserRecord | undefined> {
    const result = await this.client.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { [USERS_TABLE.partitionKey.name]: email.toLowerCase() },
      }),
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
}
