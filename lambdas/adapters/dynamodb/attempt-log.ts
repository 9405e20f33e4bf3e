import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  checkWindow,
  EMPTY_WINDOW,
  recordInWindow,
  windowExpiry,
  type AttemptVerdict,
  type AttemptWindow,
} from '../../../core/attempt-window';
import type { AttemptRule } from '../../../core/sign-in-limits';
import type { AttemptKey, AttemptLog } from '../../ports/attempt-log';
import { attemptsKey, ttlSeconds } from './users-keys';
import { updateVersioned } from './versioned-item';

interface WindowItem extends AttemptWindow {
  readonly expiresAt: number;
}

const windowOf = (item: Partial<WindowItem> | undefined): AttemptWindow =>
  item?.events
    ? {
        events: item.events,
        ...(item.lockedUntil !== undefined && { lockedUntil: item.lockedUntil }),
      }
    : EMPTY_WINDOW;

/** Sliding windows as users-table items (`ATTEMPTS#<kind>`), expired by TTL when they decide nothing. */
export class DynamoDbAttemptLog implements AttemptLog {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async check(key: AttemptKey, rule: AttemptRule, now: number): Promise<AttemptVerdict> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: attemptsKey(key), ConsistentRead: true }),
    );
    return checkWindow(windowOf(Item as WindowItem | undefined), rule, now);
  }

  async take(key: AttemptKey, rule: AttemptRule, now: number): Promise<AttemptVerdict> {
    return updateVersioned<WindowItem, AttemptVerdict>(
      this.client,
      this.tableName,
      attemptsKey(key),
      (current) => {
        const window = windowOf(current);
        const verdict = checkWindow(window, rule, now);
        if (!verdict.allowed) return { result: verdict };
        const next = recordInWindow(window, rule, now);
        return {
          result: verdict,
          item: { ...next, expiresAt: ttlSeconds(windowExpiry(next, rule)) },
        };
      },
    );
  }
}
