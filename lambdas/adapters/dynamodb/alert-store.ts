import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  NOTIFICATION_TTL_DAYS,
  type Alert,
  type AlertNotification,
  type PriceAlertNotification,
  type VerdictNotification,
} from '../../../core/alerts';
import { USERS_TABLE } from '../../../core/tables';
import type { AlertStore, ArmedAlerts } from '../../ports/alert-store';
import { lostRace } from './lost-race';
import {
  NOTIFICATION_SK_PREFIX,
  alertsKey,
  notificationKey,
  ttlSeconds,
  userPartition,
} from './users-keys';
import { DynamoDbUserCollection } from './user-collection';

const PK = USERS_TABLE.partitionKey.name;
const SK = USERS_TABLE.sortKey.name;
const ARMED_INDEX = 'byArmedAlerts';
/** Index partitions of armed alerts: a run reads them one after another. */
export const ARMED_SHARDS = 8;
const DAY_MS = 86_400_000;

const shardOf = (sub: string): string =>
  `ARMED#${createHash('sha1').update(sub).digest()[0]! % ARMED_SHARDS}`;

/** What the alerts' item holds besides them: a shard of the armed index while any is armed. */
const armedShard = (sub: string, alerts: readonly Alert[]) =>
  alerts.some((a) => a.armed) ? { armedShard: shardOf(sub) } : {};

const subOf = (pk: string): string => pk.slice(userPartition('').length);

/** A notification's id begins with its instant (core's newNotificationId), so ids sort by time. */
const notificationSk = (id: string) => `${NOTIFICATION_SK_PREFIX}${id}`;

/** A notification as stored: `readAt` in place of `read` (marked once, when first read). */
type NotificationItem =
  | (Omit<PriceAlertNotification, 'read'> & { readonly readAt?: string })
  | (Omit<VerdictNotification, 'read'> & { readonly readAt?: string });

/** A notification's item: its fields, key and expiry (it is kept NOTIFICATION_TTL_DAYS). */
const notificationItem = (sub: string, { read: _read, ...notification }: AlertNotification) => ({
  ...notification,
  ...notificationKey(sub, notificationSk(notification.id)),
  expiresAt: ttlSeconds(Date.parse(notification.at) + NOTIFICATION_TTL_DAYS * DAY_MS),
});

/** The notification of an item as stored (a price alert's or a verdict change's). */
function notificationOf(item: Record<string, unknown>): AlertNotification {
  const { readAt, ...stored } = item as unknown as NotificationItem;
  const read = !!readAt;
  if (stored.kind === 'verdict') {
    const { id, symbol, at, title, body, standard, from, to } = stored;
    return { kind: 'verdict', id, symbol, at, title, body, read, standard, from, to };
  }
  const { id, symbol, at, title, body, alertId, condition, price } = stored;
  return { id, alertId, symbol, condition, price, at, title, body, read };
}

/**
 * A user's alerts as one versioned item of their users-table partition (`ALERTS`), their
 * notifications as `NOTIFICATION#<at>#<id>` items beside it: one query of the partition loads the
 * whole workspace. A fire writes the alerts (conditional on the version the evaluator read) and
 * the notifications in one transaction, so two runs fire an alert once.
 */
export class DynamoDbAlertStore
  extends DynamoDbUserCollection<'alerts', Alert>
  implements AlertStore
{
  constructor(client: DynamoDBDocumentClient, tableName: string) {
    super(client, tableName, { key: alertsKey, attribute: 'alerts', extra: armedShard });
  }

  async read(sub: string): Promise<ArmedAlerts | undefined> {
    const stored = await this.stored(sub);
    return stored && { sub, alerts: stored.items, version: stored.version };
  }

  async *armed(): AsyncIterable<readonly ArmedAlerts[]> {
    for (let shard = 0; shard < ARMED_SHARDS; shard += 1) {
      let start: Record<string, unknown> | undefined;
      do {
        const page = await this.client.send(
          new QueryCommand({
            TableName: this.tableName,
            IndexName: ARMED_INDEX,
            KeyConditionExpression: '#shard = :shard',
            ExpressionAttributeNames: { '#shard': 'armedShard' },
            ExpressionAttributeValues: { ':shard': `ARMED#${shard}` },
            ...(start && { ExclusiveStartKey: start }),
          }),
        );
        start = page.LastEvaluatedKey;
        const items = (page.Items ?? []).map((item) => ({
          sub: subOf(item[PK] as string),
          alerts: this.itemsOf(item),
          version: item.version as number,
        }));
        if (items.length > 0) yield items;
      } while (start);
    }
  }

  async fire(
    sub: string,
    version: number,
    alerts: readonly Alert[],
    notifications: readonly AlertNotification[],
  ): Promise<boolean> {
    const key = alertsKey(sub);
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: { ...this.item(sub, alerts), ...key, version: version + 1 },
                ConditionExpression: '#version = :version',
                ExpressionAttributeNames: { '#version': 'version' },
                ExpressionAttributeValues: { ':version': version },
              },
            },
            ...notifications.map((notification) => ({
              Put: { TableName: this.tableName, Item: notificationItem(sub, notification) },
            })),
          ],
        }),
      );
      return true;
    } catch (error) {
      if (lostRace(error)) return false;
      throw error;
    }
  }

  async notifications(sub: string, limit: number): Promise<readonly AlertNotification[]> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': PK, '#sk': SK },
        ExpressionAttributeValues: { ':pk': userPartition(sub), ':prefix': NOTIFICATION_SK_PREFIX },
        ScanIndexForward: false,
        Limit: limit,
        ConsistentRead: true,
      }),
    );
    return Items.map(notificationOf);
  }

  async tell(sub: string, notification: AlertNotification): Promise<boolean> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: notificationItem(sub, notification),
          // Once: a second telling of the same notice (a retried run) must not reset its read mark.
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': PK },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async markRead(sub: string, id: string): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: notificationKey(sub, notificationSk(id)),
          UpdateExpression: 'SET #readAt = if_not_exists(#readAt, :now)',
          // Only the caller's own: another user's id is not in this partition.
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#readAt': 'readAt', '#pk': PK },
          ExpressionAttributeValues: { ':now': new Date().toISOString() },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
