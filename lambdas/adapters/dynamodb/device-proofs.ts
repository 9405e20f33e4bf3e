import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { USERS_TABLE } from '../../../core/tables';
import type { DeviceProofs, RememberedDevice } from '../../ports/device-proofs';
import { DEVICE_SK_PREFIX, deviceKey, ttlSeconds, userPartition } from './users-keys';

interface DeviceItem extends RememberedDevice {
  readonly validUntil: number;
}

const deviceOf = (item: Record<string, unknown>): RememberedDevice => {
  const { id, secretHash, createdAt, validUntil } = item as unknown as DeviceItem;
  return { id, secretHash, createdAt, expiresAt: validUntil };
};

/** Remembered devices as `DEVICE#<id>` items of the user's partition, expired by TTL. */
export class DynamoDbDeviceProofs implements DeviceProofs {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private async all(sub: string): Promise<RememberedDevice[]> {
    const devices: RememberedDevice[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
          ExpressionAttributeNames: {
            '#pk': USERS_TABLE.partitionKey.name,
            '#sk': USERS_TABLE.sortKey.name,
          },
          ExpressionAttributeValues: { ':pk': userPartition(sub), ':prefix': DEVICE_SK_PREFIX },
          ConsistentRead: true,
          ...(start && { ExclusiveStartKey: start }),
        }),
      );
      devices.push(...(page.Items ?? []).map(deviceOf));
      start = page.LastEvaluatedKey;
    } while (start);
    return devices;
  }

  private async forget(sub: string, id: string): Promise<void> {
    await this.client.send(
      new DeleteCommand({ TableName: this.tableName, Key: deviceKey(sub, id) }),
    );
  }

  async remember(sub: string, device: RememberedDevice, maxPerUser: number): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...deviceKey(sub, device.id),
          id: device.id,
          secretHash: device.secretHash,
          createdAt: device.createdAt,
          validUntil: device.expiresAt,
          // The DynamoDB TTL (epoch seconds) removes it some time after it stops counting.
          expiresAt: ttlSeconds(device.expiresAt),
        },
      }),
    );
    // Keep the new device and the newest others, as many as the limit allows.
    const surplus = (await this.all(sub))
      .filter((d) => d.id !== device.id)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(maxPerUser - 1);
    for (const old of surplus) await this.forget(sub, old.id);
  }

  async find(sub: string, id: string): Promise<RememberedDevice | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: deviceKey(sub, id), ConsistentRead: true }),
    );
    return Item ? deviceOf(Item) : undefined;
  }

  async forgetAll(sub: string): Promise<void> {
    for (const device of await this.all(sub)) await this.forget(sub, device.id);
  }
}
