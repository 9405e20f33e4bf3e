import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { PendingPhoneChange, PhoneChanges } from '../../ports/phone-changes';
import { phoneChangeKey, ttlSeconds } from './users-keys';

/** The pending phone change as the `PHONE-CHANGE` item of the user's partition, expired by TTL. */
export class DynamoDbPhoneChanges implements PhoneChanges {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(sub: string): Promise<PendingPhoneChange | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: phoneChangeKey(sub), ConsistentRead: true }),
    );
    if (!Item) return undefined;
    const { phoneNumber, codeHash, validUntil } = Item as Record<string, unknown>;
    return {
      phoneNumber: String(phoneNumber),
      codeHash: String(codeHash),
      expiresAt: Number(validUntil),
    };
  }

  async put(sub: string, change: PendingPhoneChange): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...phoneChangeKey(sub),
          phoneNumber: change.phoneNumber,
          codeHash: change.codeHash,
          validUntil: change.expiresAt,
          expiresAt: ttlSeconds(change.expiresAt),
        },
      }),
    );
  }

  async clear(sub: string): Promise<void> {
    await this.client.send(
      new DeleteCommand({ TableName: this.tableName, Key: phoneChangeKey(sub) }),
    );
  }
}
