import type {
  ClaimResult,
  WebhookEventRecord,
  WebhookEventSettlement,
  WebhookEvents,
} from '../../../ports/webhook-events';

/** The payment-webhook-events table in memory, with the DynamoDB adapter's semantics. */
export class InMemoryWebhookEvents implements WebhookEvents {
  readonly rows = new Map<string, WebhookEventRecord & { startedAt: number }>();

  async claim(eventId: string, type: string, now: number, staleMs: number): Promise<ClaimResult> {
    const row = this.rows.get(eventId);
    const claimable =
      !row ||
      row.status === 'failed' ||
      (row.status === 'processing' && row.startedAt < now - staleMs);
    if (!claimable) return row.status === 'processing' ? 'busy' : 'done';
    this.rows.set(eventId, {
      eventId,
      type,
      status: 'processing',
      attempts: (row?.attempts ?? 0) + 1,
      receivedAt: row?.receivedAt ?? new Date(now).toISOString(),
      startedAt: now,
    });
    return 'claimed';
  }

  async finish(eventId: string, status: WebhookEventSettlement, now: number, detail?: string) {
    const row = this.rows.get(eventId);
    if (row) {
      this.rows.set(eventId, {
        ...row,
        status,
        finishedAt: new Date(now).toISOString(),
        ...(detail ? { detail } : {}),
      });
    }
  }

  async fail(eventId: string, now: number, error: string) {
    const row = this.rows.get(eventId);
    if (row) {
      this.rows.set(eventId, {
        ...row,
        status: 'failed',
        finishedAt: new Date(now).toISOString(),
        error,
      });
    }
  }

  async get(eventId: string) {
    return this.rows.get(eventId);
  }
}
