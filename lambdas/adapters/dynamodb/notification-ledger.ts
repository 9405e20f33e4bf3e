import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { NOTIFICATION_RETENTION_MS } from '../../../core/notifications';
import { USERS_TABLE } from '../../../core/tables';
import type { NotificationLedger } from '../../ports/notification-ledger';
import { claimLease, settleLease, type LeaseRow } from './lease';
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

  claim(sub: string, key: string, now: number, staleMs: number): Promise<boolean> {
    return claimLease(this.client, this.row(sub, key), {
      now,
      staleMs,
      expiresAt: ttlSeconds(now + NOTIFICATION_RETENTION_MS),
    });
  }

  private row(sub: string, key: string): LeaseRow {
    return {
      tableName: this.tableName,
      key: noticeKey(sub, key),
      keyAttribute: PK,
      busyStatus: 'sending',
    };
  }

  private settle(sub: string, key: string, values: Record<string, string>, now: number) {
    return settleLease(this.client, this.row(sub, key), values, now);
  }

  async sent(sub: string, key: string, now: number): Promise<void> {
    await this.settle(sub, key, { status: 'sent' }, now);
  }

  async failed(sub: string, key: string, now: number, error: string): Promise<void> {
    await this.settle(sub, key, { status: 'failed', error: error.slice(0, 500) }, now);
  }
}
