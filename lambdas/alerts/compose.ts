import type { AssetService } from '../asset/service';
import type { AlertStore } from '../ports/alert-store';
import type { EmailSender } from '../ports/email-sender';
import type { NotificationLedger } from '../ports/notification-ledger';
import type { UsersRepository } from '../ports/users-repository';
import { universeQuoteBatch } from './quote-batch';
import { runAlerts, type AlertRunDeps, type AlertRunResult } from './run-alerts';

/** What the price-alert evaluator runs on. */
export interface AlertEvaluatorPorts {
  /** The users table's alerts and users (an alert's e-mail goes to its owner). */
  readonly alerts: AlertStore;
  readonly users: Pick<UsersRepository, 'get'>;
  /** Quotes come from the asset service's cached universe, as the watchlist rows read them. */
  readonly assets: Pick<AssetService, 'quotes'>;
  readonly email: EmailSender;
  /** The notification ledger (the users table): one e-mail per alert fired. */
  readonly notices: NotificationLedger;
  /** The run's clock (epoch ms); the wall clock when omitted. */
  readonly now?: () => number;
  /** Problems that must not stop a run (an e-mail that failed). */
  readonly warn?: AlertRunDeps['warn'];
}

/** One evaluation run, priced as of `at` (epoch ms) when given, else as of the run's clock. */
export type AlertEvaluator = (at?: number) => Promise<AlertRunResult>;

/**
 * The price-alert evaluator, for AWS's scheduled Lambda and the local stack's timer (and its
 * developer route, which runs it as of a chosen instant).
 */
export function composeAlertEvaluator(ports: AlertEvaluatorPorts): AlertEvaluator {
  const deps: AlertRunDeps = {
    store: ports.alerts,
    users: ports.users,
    quotes: universeQuoteBatch(ports.assets),
    email: ports.email,
    notices: ports.notices,
    ...(ports.now && { now: ports.now }),
    ...(ports.warn && { warn: ports.warn }),
  };
  return (at) => runAlerts(at === undefined ? deps : { ...deps, now: () => at });
}
