import type { Alert, AlertNotification } from '../../core/alerts';
import type { CollectionChange, UserCollection } from './user-collection';

/** What a change of a user's alerts answers: the alerts to store (none: store nothing). */
export type AlertChange<R> = CollectionChange<'alerts', Alert, R>;

/** A user's alerts as the evaluator read them: `version` is the item's, for the conditional fire. */
export interface ArmedAlerts {
  readonly sub: string;
  readonly alerts: readonly Alert[];
  readonly version: number;
}

/**
 * Port over a user's price alerts and notifications, keyed by the Cognito sub. All of a user's
 * alerts are read and changed together (user-collection.ts: a plan's limit holds); the
 * evaluator pages through users with armed alerts and fires conditionally on what it read.
 */
export interface AlertStore extends UserCollection<'alerts', Alert> {
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
  /**
   * Adds one notification unless one with its id is there already (false then): a notice whose
   * id derives from what it tells is listed once however often it is told.
   */
  tell(sub: string, notification: AlertNotification): Promise<boolean>;
  /** Marks one read; false when the user has no such notification. */
  markRead(sub: string, id: string): Promise<boolean>;
}
