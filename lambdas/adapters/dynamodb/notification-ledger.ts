import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { NOTIFICATION_RETENTION_MS } from '../../../core/notifications';
import { USERS_TABLE } from '../../../core/tables';
import type { NotificationLedger } from '../../ports/notification-ledger';
import { noticeKey, ttlSeconds } from './users-keys';

const PK = USERS_TABLE.partitionKey.name;

/**
 * The notification ledger in the users table: `NOTICE#<cause>` in the recipient's partition,
 * claimed with a conditional update (no delete: a failure is marked, which frees the claim), and
 * expired by TTL once no report of its cause can come any more.
 */
export class DynamoDbNotificationLedger implements NotificationLedger {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async claim(sub: string, key: string, now: number, staleMs: number): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: noticeKey(sub, key),
          UpdateExpression:
            'SET #status = :sending, #started = :now, #expires = :expires ADD #attempts :one REMOVE #error',
          ConditionExpression:
            'attribute_not_exists(#pk) OR #status = :failed OR (#status = :sending AND #started < :stale)',
          ExpressionAttributeNames: {
            '#pk': PK,
            '#status': 'status',
            '#started': 'startedAt',
            '#expires': 'expiresAt',
            '#attempts': 'attempts',
            '#error': 'error',
          },
          ExpressionAttributeValues: {
            ':sending': 'sending',
            ':failed': 'failed',
            ':now': now,
            ':stale': now - staleMs,
            ':expires': ttlSeconds(now + NOTIFICATION_RETENTION_MS),
            ':one': 1,
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  private async settle(sub: string, key: string, values: Record<string, string>, now: number) {
    const names = Object.keys(values);
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: noticeKey(sub, key),
        UpdateExpression: `SET #finished = :finished, ${names.map((_, i) => `#v${i} = :v${i}`).join(', ')}`,
        ExpressionAttributeNames: {
          '#finished': 'finishedAt',
          ...Object.fromEntries(names.map((n, i) => [`#v${i}`, n])),
        },
        ExpressionAttributeValues: {
          ':finished': new Date(now).toISOString(),
          ...Object.fromEntries(names.map((n, i) => [`:v${i}`, values[n]])),
        },
      }),
    );
  }

  async sent(sub: string, key: string, now: number): Promise<void> {
    await this.settle(sub, key, { status: 'sent' }, now);
  }

  async failed(sub: string, key: string, now: number, error: string): Promise<void> {
    await this.settle(sub, key, { status: 'failed', error: error.slice(0, 500) }, now);
  }
}
