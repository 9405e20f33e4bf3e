import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CurationArea } from '../../../core/curation/overview';
import { areaChangeKeys } from './area-keys';

/**
 * What every curation store does alike in the stocks table, in a company's partition (isin):
 * consistent reads, and the audit trail of a versioned item:
 *   <sk>                                the item, with `version`
 *   AUDIT#<sk>#<version, 10 digits>     one audit entry per version (zero-padded, so the sort key
 *                                       orders them and a query reads the newest first)
 * The trail is bounded by count, not by TTL: a write deletes, in the same transaction, the
 * entries beyond the newest ones (outOfHistory), so the last `limit` are kept however rarely the item
 * changes (a TTL would lose the whole history of a quiet company, or keep thousands of entries of
 * a busy one).
 */

export type Item = Record<string, unknown>;

/** The table a store works on. */
export interface StocksTable {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
}

/** The sort key of the audit entry of `version` of the item at `sk`. */
export const auditKey = (sk: string, version: number): string =>
  `AUDIT#${sk}#${String(version).padStart(10, '0')}`;

/**
 * One item, read consistently: the console reloads after a write and must see it, the public
 * page reads it next, and a write's condition relies on the version read. `projection` names the
 * attributes to read (placeholders in `names`), for reads that need only a few.
 */
export async function getItem(
  { client, tableName }: StocksTable,
  isin: string,
  sk: string,
  projection?: { readonly expression: string; readonly names: Record<string, string> },
): Promise<Item | undefined> {
  const result = await client.send(
    new GetCommand({
      TableName: tableName,
      Key: { isin, sk },
      ConsistentRead: true,
      ...(projection
        ? {
            ProjectionExpression: projection.expression,
            ExpressionAttributeNames: projection.names,
          }
        : {}),
    }),
  );
  return result.Item;
}

/** The kept audit entries of the item at `sk`, newest first. */
export async function auditEntries(
  { client, tableName }: StocksTable,
  isin: string,
  sk: string,
  limit: number,
): Promise<Item[]> {
  const result = await client.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'isin = :isin AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':isin': isin, ':prefix': `AUDIT#${sk}#` },
      ScanIndexForward: false,
      ConsistentRead: true,
      Limit: limit,
    }),
  );
  return result.Items ?? [];
}

/**
 * The condition of a versioned put: the item is still at the version the writer read, or, at
 * version 0, does not exist yet.
 */
export const atVersion = (expectedVersion: number) =>
  expectedVersion === 0
    ? { ConditionExpression: 'attribute_not_exists(sk)' }
    : {
        ConditionExpression: '#version = :expected',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': expectedVersion },
      };

/** The transaction's check that the company still exists: nothing curated outlives its stock. */
export const companyExists = (tableName: string, isin: string) => ({
  ConditionCheck: {
    TableName: tableName,
    Key: { isin, sk: 'PROFILE' },
    ConditionExpression: 'attribute_exists(sk)',
  },
});

/**
 * The put of an audit entry: never over an existing one (history is never overwritten). `entry`
 * holds what the entry records (version, before, after, who, `updatedAt`); the entry carries its
 * area's index keys, so the console's change feed lists it.
 */
export const auditPut = (
  tableName: string,
  isin: string,
  sk: string,
  version: number,
  area: CurationArea,
  entry: Item & { readonly updatedAt: string },
) => ({
  Put: {
    TableName: tableName,
    Item: {
      ...entry,
      isin,
      sk: auditKey(sk, version),
      ...areaChangeKeys(area, entry.updatedAt, isin, auditKey(sk, version)),
    },
    ConditionExpression: 'attribute_not_exists(sk)',
  },
});

/** At most this many old entries are removed by one write: the transaction stays small. */
const MAX_DROPS_PER_WRITE = 10;

/**
 * The deletes, for the transaction writing a new audit entry of the item at `sk`, of the kept
 * entries beyond the newest `limit − 1` (with the new one, `limit` remain). Read from the trail
 * itself rather than computed from the version: the ingest raises an item's version without an
 * entry, and an entry stranded below such a jump would otherwise be kept for ever. A backlog is
 * worked off MAX_DROPS_PER_WRITE at a time.
 */
export async function outOfHistory(
  { client, tableName }: StocksTable,
  isin: string,
  sk: string,
  limit: number,
) {
  const result = await client.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'isin = :isin AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':isin': isin, ':prefix': `AUDIT#${sk}#` },
      ProjectionExpression: 'sk',
      ScanIndexForward: false,
      ConsistentRead: true,
      Limit: limit - 1 + MAX_DROPS_PER_WRITE,
    }),
  );
  return (result.Items ?? []).slice(limit - 1).map((item) => ({
    Delete: { TableName: tableName, Key: { isin, sk: String(item.sk) } },
  }));
}
