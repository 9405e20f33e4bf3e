import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { CURATION_AREAS, type CurationArea } from '../../../core/curation/overview';
import { AREA_CHANGE_PREFIX } from './area-keys';

/** The partition of the areas' count snapshots and of the bulk writes' counter: no ISIN starts with '#'. */
const PARTITION = '#areas';
const WRITES_SK = 'WRITES';
const snapshotSk = (area: CurationArea) => `COUNT#${area}`;

/**
 * How long after the newest change a count must have been taken to be trusted: a change's audit
 * entry is written with its first step, and a write of several steps (a stock's deletion removes
 * its other items after it) is done well within this.
 */
export const COUNT_SETTLE_MS = 60_000;

/**
 * Counts the bulk writes of the stocks table (the seed's, the ingest's): they write area items
 * without a change entry, so each bumps this counter once its items are written, and a count taken
 * before is no longer trusted.
 */
export async function markAreaWrites(
  client: DynamoDBDocumentClient,
  tableName: string,
): Promise<void> {
  await client.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { isin: PARTITION, sk: WRITES_SK },
      UpdateExpression: 'ADD #writes :one',
      ExpressionAttributeNames: { '#writes': 'writes' },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

/** What the areas' items are as of now: the bulk writes' counter and every area's newest change. */
interface Mark {
  readonly key: string;
  /** When the newest change of any area happened (ms), or 0 without any. */
  readonly newestChangeAt: number;
}

/**
 * Count snapshots of the curation areas, kept in the stocks table. Counting an area is a Query
 * over the byArea index page after page, and DynamoDB Local sizes a page by the base items (the
 * big statement items), so counting the sheets of thousands of companies takes it seconds. A
 * snapshot stores a count with the mark it was taken at: the bulk writes' counter and the newest
 * change key of every area (every curation write puts one, in its own transaction). While the mark
 * is unchanged, and the count was taken after the newest change settled, the snapshot is the count.
 */
export class AreaCountSnapshots {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The area's count from its snapshot if still good, else from `count`, then kept. */
  async count(area: CurationArea, count: () => Promise<number>): Promise<number> {
    // The mark is read before counting: a write landing meanwhile changes it, so a count that
    // missed the write is not trusted later.
    const [mark, snapshot] = await Promise.all([this.mark(), this.snapshot(area)]);
    if (
      snapshot &&
      snapshot.mark === mark.key &&
      snapshot.countedAt - mark.newestChangeAt >= COUNT_SETTLE_MS
    ) {
      return snapshot.count;
    }
    const countedAt = this.clock().getTime();
    const counted = await count();
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { isin: PARTITION, sk: snapshotSk(area), count: counted, mark: mark.key, countedAt },
      }),
    );
    return counted;
  }

  private async snapshot(
    area: CurationArea,
  ): Promise<{ count: number; mark: string; countedAt: number } | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { isin: PARTITION, sk: snapshotSk(area) },
        ConsistentRead: true,
      }),
    );
    return Item
      ? { count: Number(Item.count), mark: String(Item.mark), countedAt: Number(Item.countedAt) }
      : undefined;
  }

  private async mark(): Promise<Mark> {
    const [writes, ...newest] = await Promise.all([
      this.client
        .send(
          new GetCommand({
            TableName: this.tableName,
            Key: { isin: PARTITION, sk: WRITES_SK },
            ConsistentRead: true,
          }),
        )
        .then(({ Item }) => Number(Item?.writes ?? 0)),
      ...CURATION_AREAS.map((area) => this.newestChangeKey(area)),
    ]);
    const newestChangeAt = Math.max(
      0,
      ...newest.map((key) => (key ? Date.parse(key.split('#')[1] ?? '') || 0 : 0)),
    );
    return { key: [writes, ...newest].join('|'), newestChangeAt };
  }

  private async newestChangeKey(area: CurationArea): Promise<string> {
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'byArea',
        KeyConditionExpression: 'area = :area AND begins_with(areaKey, :change)',
        ExpressionAttributeValues: { ':area': area, ':change': AREA_CHANGE_PREFIX },
        ProjectionExpression: 'areaKey',
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    return String(Items?.[0]?.areaKey ?? '');
  }
}
