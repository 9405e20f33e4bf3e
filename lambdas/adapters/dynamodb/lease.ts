import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  UpdateCommand,
  type DynamoDBDocumentClient,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';

/** Where a leased row lives, and the status word a holder writes while it works. */
export interface LeaseRow {
  readonly tableName: string;
  readonly key: UpdateCommandInput['Key'];
  /** The attribute every row of the table has (the condition's "no row yet"). */
  readonly keyAttribute: string;
  readonly busyStatus: string;
}

/**
 * Claims a row for one piece of work that must happen once (a webhook event applied, an e-mail
 * sent): one conditional update, which wins when there is no row yet, when the last holder
 * marked it failed, or when the holder has been busy longer than `staleMs` (it died). Counts the
 * attempts and sets when the row may expire (seconds since the epoch, DynamoDB's TTL). False when
 * another holder has it or it is done.
 */
export async function claimLease(
  client: DynamoDBDocumentClient,
  row: LeaseRow,
  claim: {
    readonly now: number;
    readonly staleMs: number;
    readonly expiresAt: number;
    /** More attributes the claim writes (`if_not_exists` keeps a first value). */
    readonly set?: Readonly<
      Record<string, { readonly value: unknown; readonly ifNotExists?: boolean }>
    >;
  },
): Promise<boolean> {
  const extra = Object.entries(claim.set ?? {});
  const extraSets = extra.map(([, { ifNotExists }], i) =>
    ifNotExists ? `#x${i} = if_not_exists(#x${i}, :x${i})` : `#x${i} = :x${i}`,
  );
  try {
    await client.send(
      new UpdateCommand({
        TableName: row.tableName,
        Key: row.key,
        UpdateExpression: `SET ${[...extraSets, '#status = :busy', '#started = :now', '#expires = :expires'].join(', ')} ADD #attempts :one REMOVE #error`,
        ConditionExpression:
          'attribute_not_exists(#key) OR #status = :failed OR (#status = :busy AND #started < :stale)',
        ExpressionAttributeNames: {
          '#key': row.keyAttribute,
          '#status': 'status',
          '#started': 'startedAt',
          '#expires': 'expiresAt',
          '#attempts': 'attempts',
          '#error': 'error',
          ...Object.fromEntries(extra.map(([name], i) => [`#x${i}`, name])),
        },
        ExpressionAttributeValues: {
          ':busy': row.busyStatus,
          ':failed': 'failed',
          ':now': claim.now,
          ':stale': claim.now - claim.staleMs,
          ':expires': claim.expiresAt,
          ':one': 1,
          ...Object.fromEntries(extra.map(([, { value }], i) => [`:x${i}`, value])),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Ends a holder's work: its outcome (`status`, and details) and when it finished. */
export async function settleLease(
  client: DynamoDBDocumentClient,
  row: Pick<LeaseRow, 'tableName' | 'key'>,
  values: Readonly<Record<string, string>>,
  now: number,
): Promise<void> {
  const names = Object.keys(values);
  await client.send(
    new UpdateCommand({
      TableName: row.tableName,
      Key: row.key,
      UpdateExpression: `SET #finished = :finished, ${names.map((_, i) => `#v${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: {
        '#finished': 'finishedAt',
        ...Object.fromEntries(names.map((n, i) => [`#v${i}`, n])),
      },
      ExpressionAttributeValues: {
        ':finished': new Date(now).toISOString(),
        ...Object.fromEntries(names.map((n, i) => [`:v${i}`, values[n]])),
      },
    }),
  );
}
