import type { Alert, AlertNotification } from '../../core/alerts';

/** What a change of a user's alerts answers: the alerts to store (none: store nothing). */
export type AlertChange<R> =
  | { readonly alerts: readonly Alert[]; readonly result: R }
  | { readonly alerts?: undefined; readonly result: R };

/** A user's alerts as the evaluator read them: `version` is the item's, for the conditional fire. */
export interface ArmedAlerts {
  readonly sub: string;
  readonly alerts: readonly Alert[];
  readonly version: number;
}

/**
 * Port over a user's price alerts and notifications, keyed by the Cognito sub. All of a user's
 * alerts are read and changed together (a plan's limit holds under concurrent writers); the
 * evaluator pages through users with armed alerts and fires conditionally on what it read.
 */
export interface AlertStore {
  list(sub: string): Promise<readonly Alert[]>;
  change<R>(sub: string, change: (alerts: readonly Alert[]) => AlertChange<R>): Promise<R>;
  /** One user's alerts with the item version (a consistent read, after a lost race). */
  read(sub: string): Promise<ArmedAlerts | undefined>;
  /** Users with at least one armed alert, a page at a time. */
  armed(): AsyncIterable<readonly ArmedAlerts[]>;
  /**
   * Stores `alerts` and adds `notifications` in one transaction, only if the alerts are still at
   * `version`: false when another writer (an edit, another run) got there first.
   */
  fire(
    sub: string,
    version: number,
    alerts: readonly Alert[],
    notifications: readonly AlertNotification[],
  ): Promise<boolean>;
  /** The newest notifications first, at most `limit`. */
  notifications(sub: string, limit: number): Promise<readonly AlertNotification[]>;
  /** Marks one read; false when the user has no such notification. */
  markRead(sub: string, id: string): Promise<boolean>;
}
