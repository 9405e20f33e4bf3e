import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AreaChange, CurationArea } from '../../../core/curation/overview';
import type { AreaIndex } from '../../ports/area-index';
import { AreaCountSnapshots } from './area-count-snapshots';
import { AREA_CHANGE_PREFIX, AREA_ITEM_PREFIX, isinOfAreaKey } from './area-keys';

const INDEX = 'byArea';

/** How many of the newest changes `lastChange` looks through for one the caller may read. */
const LAST_CHANGE_LOOKBACK = 1_000;

type Item = Record<string, unknown>;

const toChange = (area: CurationArea, item: Item): AreaChange => ({
  area,
  isin: isinOfAreaKey(String(item.areaKey)),
  updatedAt: String(item.updatedAt),
  updatedBy: String(item.updatedBy),
});

/**
 * The byArea index of the stocks table (core/tables.ts): counts and change feeds of the curation
 * areas by Query, page after page; never a scan. Index reads are eventually consistent: a change
 * made a moment ago may show a moment later, which an overview can bear.
 */
export class DynamoDbAreaIndex implements AreaIndex {
  private readonly snapshots: AreaCountSnapshots;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    clock?: () => Date,
  ) {
    this.snapshots = new AreaCountSnapshots(client, tableName, clock);
  }

  async count(area: CurationArea, isins?: ReadonlySet<string>): Promise<number> {
    if (isins) {
      let total = 0;
      const pages = this.pages(area, 'begins_with', AREA_ITEM_PREFIX, true, 'areaKey');
      for await (const { items } of pages) {
        total += items.filter((item) => isins.has(isinOfAreaKey(String(item.areaKey)))).length;
      }
      return total;
    }
    // A whole area's count is kept between its changes (area-count-snapshots.ts).
    return this.snapshots.count(area, async () => {
      let total = 0;
      for await (const page of this.pages(area, 'begins_with', AREA_ITEM_PREFIX, true, 'COUNT')) {
        total += page.count;
      }
      return total;
    });
  }

  async changesSince(area: CurationArea, since: string): Promise<AreaChange[]> {
    const changes: AreaChange[] = [];
    const pages = this.pages(area, 'from', `${AREA_CHANGE_PREFIX}${since}`, false);
    for await (const { items } of pages) {
      changes.push(...items.map((item) => toChange(area, item)));
    }
    return changes;
  }

  async lastChange(
    area: CurationArea,
    accept: (isin: string) => boolean,
  ): Promise<AreaChange | null> {
    let seen = 0;
    for await (const { items } of this.pages(area, 'begins_with', AREA_CHANGE_PREFIX, false)) {
      const found = items.find((item) => accept(isinOfAreaKey(String(item.areaKey))));
      if (found) return toChange(area, found);
      seen += items.length;
      if (seen >= LAST_CHANGE_LOOKBACK) break;
    }
    return null;
  }

  /**
   * The area's index entries, page by page: a prefix, or every change from a key on; with
   * `projection` only those attributes, or with 'COUNT' only how many.
   */
  private async *pages(
    area: CurationArea,
    how: 'begins_with' | 'from',
    key: string,
    forward: boolean,
    projection?: string,
  ): AsyncGenerator<{ readonly items: Item[]; readonly count: number }> {
    const condition =
      how === 'begins_with'
        ? 'area = :area AND begins_with(areaKey, :key)'
        : 'area = :area AND areaKey BETWEEN :key AND :end';
    let start: Item | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: INDEX,
          KeyConditionExpression: condition,
          ExpressionAttributeValues: {
            ':area': area,
            ':key': key,
            // Every change key from `key` on: U+FFFF sorts after any character a key holds.
            ...(how === 'from' && { ':end': `${AREA_CHANGE_PREFIX}\uffff` }),
          },
          ScanIndexForward: forward,
          ...(projection === 'COUNT'
            ? { Select: 'COUNT' as const }
            : projection && { ProjectionExpression: projection }),
          ...(start && { ExclusiveStartKey: start }),
        }),
      );
      yield { items: (page.Items ?? []) as Item[], count: page.Count ?? 0 };
      start = page.LastEvaluatedKey;
    } while (start);
  }
}
