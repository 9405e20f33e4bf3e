import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PAYMENT_WEBHOOK_EVENTS_TABLE } from '../../../core/tables';
import type {
  ClaimResult,
  WebhookEventRecord,
  WebhookEventSettlement,
  WebhookEvents,
} from '../../ports/webhook-events';
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
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { [KEY]: eventId },
          UpdateExpression:
            'SET #type = :type, #status = :processing, #started = :now, #received = if_not_exists(#received, :iso), #expires = :expires ADD #attempts :one REMOVE #error',
          ConditionExpression:
            'attribute_not_exists(#key) OR #status = :failed OR (#status = :processing AND #started < :stale)',
          ExpressionAttributeNames: {
            '#key': KEY,
            '#type': 'type',
            '#status': 'status',
            '#started': 'startedAt',
            '#received': 'receivedAt',
            '#expires': 'expiresAt',
            '#attempts': 'attempts',
            '#error': 'error',
          },
          ExpressionAttributeValues: {
            ':type': type,
            ':processing': 'processing',
            ':failed': 'failed',
            ':now': now,
            ':stale': now - staleMs,
            ':iso': new Date(now).toISOString(),
            ':expires': ttlSeconds(now + WEBHOOK_EVENT_RETENTION_MS),
            ':one': 1,
          },
        }),
      );
      return 'claimed';
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const row = await this.get(eventId);
      return row?.status === 'processing' ? 'busy' : 'done';
    }
  }

  private async settle(eventId: string, values: Record<string, string>, now: number) {
    const names = Object.keys(values);
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { [KEY]: eventId },
        UpdateExpression: `SET #finished = :finished, ${names.map((n, i) => `#v${i} = :v${i}`).join(', ')}`,
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
