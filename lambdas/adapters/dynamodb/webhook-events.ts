import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PAYMENT_WEBHOOK_EVENTS_TABLE } from '../../../core/tables';
import type {
  ClaimResult,
  WebhookEventRecord,
  WebhookEventSettlement,
  WebhookEvents,
} from '../../ports/webhook-events';
import { claimLease, settleLease, type LeaseRow } from './lease';
import { ttlSeconds } from './users-keys';

/**
 * Rows outlive the provider's retry window (Stripe retries for up to 3 days): a late duplicate
 * still finds its row and changes nothing.
 */
export const WEBHOOK_EVENT_RETENTION_MS = 30 * 86_400_000;
const KEY = PAYMENT_WEBHOOK_EVENTS_TABLE.partitionKey.name;

/** The payment-webhook-events table: one row per event id, claimed with a conditional update. */
export class DynamoDbWebhookEvents implements WebhookEvents {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async claim(eventId: string, type: string, now: number, staleMs: number): Promise<ClaimResult> {
    const claimed = await claimLease(this.client, this.row(eventId), {
      now,
      staleMs,
      expiresAt: ttlSeconds(now + WEBHOOK_EVENT_RETENTION_MS),
      set: {
        type: { value: type },
        receivedAt: { value: new Date(now).toISOString(), ifNotExists: true },
      },
    });
    if (claimed) return 'claimed';
    const row = await this.get(eventId);
    return row?.status === 'processing' ? 'busy' : 'done';
  }

  private row(eventId: string): LeaseRow {
    return {
      tableName: this.tableName,
      key: { [KEY]: eventId },
      keyAttribute: KEY,
      busyStatus: 'processing',
    };
  }

  private settle(eventId: string, values: Record<string, string>, now: number) {
    return settleLease(this.client, this.row(eventId), values, now);
  }

  async finish(eventId: string, status: WebhookEventSettlement, now: number, detail?: string) {
    await this.settle(eventId, { status, ...(detail ? { detail } : {}) }, now);
  }

  async fail(eventId: string, now: number, error: string) {
    await this.settle(eventId, { status: 'failed', error }, now);
  }

  async get(eventId: string): Promise<WebhookEventRecord | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { [KEY]: eventId }, ConsistentRead: true }),
    );
    return Item as WebhookEventRecord | undefined;
  }
}
