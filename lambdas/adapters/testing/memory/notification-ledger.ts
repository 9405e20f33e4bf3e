import type { NotificationLedger } from '../../../ports/notification-ledger';

interface Row {
  status: 'sending' | 'sent' | 'failed';
  startedAt: number;
}

/** The notification ledger in memory, claiming as the DynamoDB adapter's condition does. */
export class InMemoryNotificationLedger implements NotificationLedger {
  readonly rows = new Map<string, Row>();

  async claim(sub: string, key: string, now: number, staleMs: number): Promise<boolean> {
    const id = `${sub}\u0000${key}`;
    const row = this.rows.get(id);
    const free =
      !row ||
      row.status === 'failed' ||
      (row.status === 'sending' && row.startedAt < now - staleMs);
    if (free) this.rows.set(id, { status: 'sending', startedAt: now });
    return free;
  }

  async sent(sub: string, key: string): Promise<void> {
    this.rows.get(`${sub}\u0000${key}`)!.status = 'sent';
  }

  async failed(sub: string, key: string): Promise<void> {
    this.rows.get(`${sub}\u0000${key}`)!.status = 'failed';
  }
}
