import type { Alert, AlertNotification } from '../../../../core/alerts';
import type { AlertStore, ArmedAlerts } from '../../../ports/alert-store';
import { InMemoryUserCollection } from './user-collection';

/** Alerts and notifications in memory (unit tests), with the DynamoDB store's versioned fire. */
export class InMemoryAlertStore
  extends InMemoryUserCollection<'alerts', Alert>
  implements AlertStore
{
  readonly notices = new Map<string, (AlertNotification & { read: boolean })[]>();

  constructor() {
    super('alerts');
  }

  async read(sub: string): Promise<ArmedAlerts | undefined> {
    const item = this.items.get(sub);
    return item && { sub, ...item };
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
    this.keep(sub, alerts, version + 1);
    this.notices.set(sub, [...(this.notices.get(sub) ?? []), ...notifications]);
    return true;
  }

  async notifications(sub: string, limit: number): Promise<readonly AlertNotification[]> {
    return [...(this.notices.get(sub) ?? [])]
      .sort((a, b) => b.id.localeCompare(a.id))
      .slice(0, limit);
  }

  async tell(sub: string, notification: AlertNotification): Promise<boolean> {
    const notices = this.notices.get(sub) ?? [];
    if (notices.some((n) => n.id === notification.id)) return false;
    this.notices.set(sub, [...notices, notification]);
    return true;
  }

  async markRead(sub: string, id: string): Promise<boolean> {
    const notice = this.notices.get(sub)?.find((n) => n.id === id);
    if (!notice) return false;
    notice.read = true;
    return true;
  }
}
