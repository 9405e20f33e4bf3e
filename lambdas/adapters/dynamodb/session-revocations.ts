import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  NO_REVOCATIONS,
  type RevocationState,
  type SessionRevocations,
} from '../../ports/session-revocations';
import { sessionsKey } from './users-keys';
import { updateVersioned } from './versioned-item';

interface SessionsItem {
  readonly tokensValidAfter?: number;
  readonly revokedSessions?: Record<string, number>;
}

/** The `SESSIONS` item of a user's partition (users-keys.ts). */
export class DynamoDbSessionRevocations implements SessionRevocations {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async state(sub: string): Promise<RevocationState> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: sessionsKey(sub) }),
    );
    const item = Item as SessionsItem | undefined;
    if (!item) return NO_REVOCATIONS;
    return {
      tokensValidAfter: item.tokensValidAfter ?? 0,
      revokedSessions: item.revokedSessions ?? {},
    };
  }

  async revokeAllBefore(sub: string, at: number): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: sessionsKey(sub),
          UpdateExpression: 'SET #after = :at',
          // Never back: a later sign-out everywhere already covers this one.
          ConditionExpression: 'attribute_not_exists(#after) OR #after < :at',
          ExpressionAttributeNames: { '#after': 'tokensValidAfter' },
          ExpressionAttributeValues: { ':at': at },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async revokeSession(sub: string, originJti: string, until: number, now: number): Promise<void> {
    await updateVersioned<SessionsItem, void>(
      this.client,
      this.tableName,
      sessionsKey(sub),
      (current) => {
        // Entries whose tokens have all expired decide nothing: the map stays as small as the
        // sessions signed out within one token lifetime.
        const live = Object.entries(current?.revokedSessions ?? {}).filter(([, end]) => end > now);
        return {
          result: undefined,
          item: { ...current, revokedSessions: Object.fromEntries([...live, [originJti, until]]) },
        };
      },
    );
  }
}
