import { randomBytes } from 'node:crypto';
import type { Alert, AlertNotification } from '../../core/alerts';
import type { AlertStore, ArmedAlerts } from '../ports/alert-store';
import type { EmailSender } from '../ports/email-sender';
import type { NotificationLedger } from '../ports/notification-ledger';
import type { UsersRepository } from '../ports/users-repository';
import { NotifyOnce } from '../shared/notify-once';
import { dueAlerts, fireAlerts, symbolsOf } from './evaluate';
import type { QuoteBatch } from './quote-batch';

export interface AlertRunDeps {
  readonly store: AlertStore;
  readonly quotes: QuoteBatch;
  readonly users: Pick<UsersRepository, 'get'>;
  readonly email: EmailSender;
  /** The notification ledger: one e-mail per alert fired, whichever run fires it. */
  readonly notices: NotificationLedger;
  readonly now?: () => number;
  /** Problems that must not stop the run (an e-mail that failed). */
  readonly warn?: (message: string, detail: Record<string, unknown>) => void;
}

export interface AlertRunResult {
  /** Users with armed alerts, and their armed alerts. */
  readonly users: number;
  readonly armed: number;
  readonly fired: number;
  readonly emailed: number;
}

/** A transaction holds at most 100 writes: the alerts item and up to 99 notices per user and run. */
const MAX_FIRES_PER_USER = 99;
/** Lost races (an edit, another run) before a user's alerts wait for the next run. */
const MAX_TRIES = 3;

/**
 * One evaluation run (each minute in AWS, on a timer locally): pages through the users with armed
 * alerts, quotes every symbol they watch in one batch, and fires what is due. A fire is written
 * conditionally on the alerts' version as read, together with its notices, so a second run (or an
 * overlapping one) fires an alert once; a lost race reads the alerts again and decides afresh.
 * Each fired alert is e-mailed to its owner after it is stored, once per arming of the alert
 * (the notification ledger), whatever runs overlap.
 */
export async function runAlerts(deps: AlertRunDeps): Promise<AlertRunResult> {
  const now = deps.now ?? Date.now;
  const owners: ArmedAlerts[] = [];
  for await (const page of deps.store.armed()) owners.push(...page);
  const at = now();
  const quotes = await deps.quotes(symbolsOf(owners), new Date(at));
  const random = () => randomBytes(8).toString('hex');
  const notify = new NotifyOnce({ ledger: deps.notices, email: deps.email, now });

  let armed = 0;
  let fired = 0;
  let emailed = 0;
  for (const owner of owners) {
    armed += owner.alerts.filter((a) => a.armed).length;
    let current: ArmedAlerts | undefined = owner;
    for (let attempt = 1; current && attempt <= MAX_TRIES; attempt += 1) {
      const due = dueAlerts(current.alerts, quotes).slice(0, MAX_FIRES_PER_USER);
      if (due.length === 0) break;
      const next = fireAlerts(current.alerts, due, at, random);
      if (await deps.store.fire(current.sub, current.version, next.alerts, next.notifications)) {
        fired += next.notifications.length;
        const fires = due.map(({ alert }, i) => ({ alert, notice: next.notifications[i]! }));
        emailed += await emailOwner(deps, notify, current.sub, fires);
        break;
      }
      current = await deps.store.read(current.sub);
    }
  }
  return { users: owners.length, armed, fired, emailed };
}

async function emailOwner(
  deps: AlertRunDeps,
  notify: NotifyOnce,
  sub: string,
  fires: readonly { readonly alert: Alert; readonly notice: AlertNotification }[],
): Promise<number> {
  let sent = 0;
  try {
    const record = await deps.users.get(sub);
    if (!record?.email) return 0;
    for (const { alert, notice } of fires) {
      const emailed = await notify.email({
        sub,
        cause: { kind: 'alert-fired', alertId: alert.id, armedVersion: alert.version },
        email: {
          to: record.email,
          subject: notice.title,
          text: `${notice.body}\n\nFired at ${notice.at}. Your alerts and notifications are on your StockScope dashboard.`,
        },
      });
      if (emailed) sent += 1;
    }
  } catch (error) {
    // The notice is stored and listed in the app; a failed e-mail must not stop other users' run.
    deps.warn?.('alert e-mail failed', { sub, error: String(error) });
  }
  return sent;
}
