import type { Alert, AlertNotification } from '../../../core/alerts';
import type { AlertChange, AlertStore, ArmedAlerts } from '../../ports/alert-store';

/** Alerts and notifications in memory (unit tests), with the DynamoDB store's versioned fire. */
export class InMemoryAlertStore implements AlertStore {
  readonly items = new Map<string, { alerts: readonly Alert[]; version: number }>();
  readonly notices = new Map<string, (AlertNotification & { read: boolean })[]>();

  async list(sub: string): Promise<readonly Alert[]> {
    return this.items.get(sub)?.alerts ?? [];
  }

  async read(sub: string): Promise<ArmedAlerts | undefined> {
    const item = this.items.get(sub);
    return item && { sub, ...item };
  }

  async change<R>(sub: string, change: (alerts: readonly Alert[]) => AlertChange<R>): Promise<R> {
    const current = this.items.get(sub);
    const next = change(current?.alerts ?? []);
    if (next.alerts)
      this.items.set(sub, { alerts: next.alerts, version: (current?.version ?? 0) + 1 });
    return next.result;
  }

  async *armed(): AsyncIterable<readonly ArmedAlerts[]> {
    const page = [...this.items]
      .filter(([, item]) => item.alerts.some((a) => a.armed))
      .map(([sub, item]) => ({ sub, ...item }));
    if (page.length > 0) yield page;
  }

  async fire(
    sub: string,
    version: number,
    alerts: readonly Alert[],
    notifications: readonly AlertNotification[],
  ): Promise<boolean> {
    if (this.items.get(sub)?.version !== version) return false;
    this.items.set(sub, { alerts, version: version + 1 });
    this.notices.set(sub, [...(this.notices.get(sub) ?? []), ...notifications]);
    return true;
  }

  async notifications(sub: string, limit: number): Promise<readonly AlertNotification[]> {
    return [...(this.notices.get(sub) ?? [])]
      .sort((a, b) => b.id.localeCompare(a.id))
      .slice(0, limit);
  }

  async markRead(sub: string, id: string): Promise<boolean> {
    const notice = this.notices.get(sub)?.find((n) => n.id === id);
    if (!notice) return false;
    notice.read = true;
    return true;
  }
}
