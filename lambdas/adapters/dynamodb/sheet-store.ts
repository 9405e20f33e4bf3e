import { gunzipSync, gzipSync } from 'node:zlib';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { SHEET_CONFLICT_MESSAGE, SHEET_HISTORY_LIMIT } from '../../../core/curation/sheet';
import { Conflict, TooLarge } from '../../../core/domain-errors';
import type { StatementKind } from '../../../core/market/types';
import type {
  SheetChange,
  SheetCollectionState,
  SheetMeta,
  SheetRevision,
  SheetStore,
  SheetWrite,
} from '../../ports/sheet-store';
import type { StatementCollection } from '../../ports/stocks-repository';
import { areaChangeKeys, areaItemKeys } from './area-keys';
import { lostRace } from './lost-race';

/**
 * Curated sheets in the stocks table, in the company's partition (isin):
 *   SHEETS#<kind>        the kind's annual and quarterly sheets (gzip JSON, the layout the public
 *                        stocks repository reads), `version` = the revision, `sheetMeta` = each
 *                        curated sheet's version and who changed it when
 *   AUDIT#SHEETS#<kind>#<revision, 10 digits>  one entry per revision: the changed sheets before
 *                        and after (gzip JSON), who, when, and what made the change
 *
 * Why one item per kind rather than one per sheet: the public statement endpoints read a kind's
 * sheets together (one GetItem instead of a query over up to 200 items), and one company's import
 * of every kind stays far inside TransactWriteItems' 100-item limit, so it is all-or-nothing. Edits
 * of different sheets of a kind do not block each other: the service re-reads after a lost race
 * and only the edited sheet's own version decides a Conflict.
 *
 * The history is bounded by count: writing revision r deletes the entry of r − 50 in the same
 * transaction. An entry holds only the sheets that changed, compressed; a kind's whole history
 * stays far below DynamoDB's 400 KB item limit per entry (TooLarge guards the edge).
 */
const SK = {
  profile: 'PROFILE',
  sheets: (kind: StatementKind) => `SHEETS#${kind}`,
  auditPrefix: (kind: StatementKind) => `AUDIT#SHEETS#${kind}#`,
  audit: (kind: StatementKind, revision: number) =>
    `AUDIT#SHEETS#${kind}#${String(revision).padStart(10, '0')}`,
} as const;

/** DynamoDB's item limit is 400 KB; leave room for the keys and attribute names. */
const MAX_PACKED_BYTES = 380_000;

type Item = Record<string, unknown>;

const pack = (value: unknown): Uint8Array => gzipSync(JSON.stringify(value));
const unpack = <T>(value: unknown): T =>
  JSON.parse(gunzipSync(value as Uint8Array).toString('utf8')) as T;

function packBounded(value: unknown, what: string): Uint8Array {
  const packed = pack(value);
  if (packed.byteLength > MAX_PACKED_BYTES) {
    throw new TooLarge(`${what} is too large to store in one change: split it`);
  }
  return packed;
}

const toRevision = <K extends StatementKind>(item: Item): SheetRevision<K> => ({
  isin: String(item.isin),
  kind: item.kind as K,
  revision: Number(item.revision),
  source: item.source as SheetRevision['source'],
  changes: unpack<SheetChange<K>[]>(item.changes),
  updatedAt: String(item.updatedAt),
  updatedBy: String(item.updatedBy),
});

export class DynamoDbSheetStore implements SheetStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async read<K extends StatementKind>(
    isin: string,
    kind: K,
  ): Promise<SheetCollectionState<K> | undefined> {
    const [profile, sheets] = await Promise.all([
      this.get(isin, SK.profile, '#symbol, #profile.#currency', {
        '#symbol': 'symbol',
        '#profile': 'profile',
        '#currency': 'currency',
      }),
      this.get(isin, SK.sheets(kind)),
    ]);
    if (!profile) return undefined;
    const company = {
      symbol: String(profile.symbol),
      currency: String((profile.profile as { currency?: unknown } | undefined)?.currency ?? ''),
    };
    if (!sheets) {
      return { kind, company, collection: { annual: [], quarter: [] }, revision: 0, meta: {} };
    }
    return {
      kind,
      company,
      collection: unpack<StatementCollection<K>>(sheets.sheets),
      revision: Number(sheets.version ?? 0),
      meta: (sheets.sheetMeta ?? {}) as Record<string, SheetMeta>,
    };
  }

  async write(isin: string, writes: readonly SheetWrite[]): Promise<void> {
    const { tableName: TableName } = this;
    const items = writes.flatMap(({ expectedRevision, collection, meta, audit }) => {
      const revision = expectedRevision + 1;
      const dropped = revision - SHEET_HISTORY_LIMIT;
      const { updatedAt, updatedBy } = audit;
      return [
        {
          Put: {
            TableName,
            Item: {
              isin,
              sk: SK.sheets(audit.kind),
              sheets: packBounded(collection, `The ${audit.kind} sheets`),
              sheetMeta: meta,
              version: revision,
              updatedAt,
              updatedBy,
              ...areaItemKeys('SHEETS', isin, SK.sheets(audit.kind)),
            },
            ...(expectedRevision === 0
              ? { ConditionExpression: 'attribute_not_exists(sk)' }
              : {
                  ConditionExpression: '#version = :expected',
                  ExpressionAttributeNames: { '#version': 'version' },
                  ExpressionAttributeValues: { ':expected': expectedRevision },
                }),
          },
        },
        {
          Put: {
            TableName,
            Item: {
              isin,
              sk: SK.audit(audit.kind, revision),
              kind: audit.kind,
              revision,
              source: audit.source,
              changes: packBounded(audit.changes, 'The change'),
              updatedAt,
              updatedBy,
              ...areaChangeKeys('SHEETS', updatedAt, isin, SK.audit(audit.kind, revision)),
            },
          },
        },
        ...(dropped > 0
          ? [{ Delete: { TableName, Key: { isin, sk: SK.audit(audit.kind, dropped) } } }]
          : []),
      ];
    });
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            // The company must still exist: a sheet never outlives a deleted stock.
            {
              ConditionCheck: {
                TableName,
                Key: { isin, sk: SK.profile },
                ConditionExpression: 'attribute_exists(sk)',
              },
            },
            ...items,
          ],
        }),
      );
    } catch (error) {
      if (lostRace(error)) throw new Conflict(SHEET_CONFLICT_MESSAGE);
      throw error;
    }
  }

  async history<K extends StatementKind>(isin: string, kind: K): Promise<SheetRevision<K>[]> {
    const result = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'isin = :isin AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':isin': isin, ':prefix': SK.auditPrefix(kind) },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: SHEET_HISTORY_LIMIT,
      }),
    );
    return (result.Items ?? []).map((item) => toRevision<K>(item));
  }

  private async get(
    isin: string,
    sk: string,
    projection?: string,
    names?: Record<string, string>,
  ): Promise<Item | undefined> {
    const result = await this.client.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { isin, sk },
        // The console reloads after a write and must see it; the write's condition relies on it.
        ConsistentRead: true,
        ...(projection
          ? { ProjectionExpression: projection, ExpressionAttributeNames: names }
          : {}),
      }),
    );
    return result.Item;
  }
}
