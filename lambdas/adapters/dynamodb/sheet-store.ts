import { gunzipSync, gzipSync } from 'node:zlib';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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
import { areaItemKeys } from './area-keys';
import {
  atVersion,
  auditEntries,
  auditPut,
  companyExists,
  outOfHistory,
  getItem,
  type Item,
  type StocksTable,
} from './audit-trail';
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
 * The history is bounded by count (audit-trail.ts): writing revision r deletes the entry of r − 50
 * in the same transaction. An entry holds only the sheets that changed, compressed; a kind's whole history
 * stays far below DynamoDB's 400 KB item limit per entry (TooLarge guards the edge).
 */
const sheetsKey = (kind: StatementKind) => `SHEETS#${kind}`;

/** DynamoDB's item limit is 400 KB; leave room for the keys and attribute names. */
const MAX_PACKED_BYTES = 380_000;

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
  private readonly table: StocksTable;

  constructor(client: DynamoDBDocumentClient, tableName: string) {
    this.table = { client, tableName };
  }

  async read<K extends StatementKind>(
    isin: string,
    kind: K,
  ): Promise<SheetCollectionState<K> | undefined> {
    const [profile, sheets] = await Promise.all([
      getItem(this.table, isin, 'PROFILE', {
        expression: '#symbol, #profile.#currency',
        names: { '#symbol': 'symbol', '#profile': 'profile', '#currency': 'currency' },
      }),
      getItem(this.table, isin, sheetsKey(kind)),
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
    const { tableName: TableName } = this.table;
    const drops = await Promise.all(
      writes.map(({ audit }) =>
        outOfHistory(this.table, isin, sheetsKey(audit.kind), SHEET_HISTORY_LIMIT),
      ),
    );
    const items = writes.flatMap(({ expectedRevision, collection, meta, audit }, index) => {
      const revision = expectedRevision + 1;
      const sk = sheetsKey(audit.kind);
      const { updatedAt, updatedBy } = audit;
      return [
        {
          Put: {
            TableName,
            Item: {
              isin,
              sk,
              sheets: packBounded(collection, `The ${audit.kind} sheets`),
              sheetMeta: meta,
              version: revision,
              updatedAt,
              updatedBy,
              ...areaItemKeys('SHEETS', isin, sk),
            },
            ...atVersion(expectedRevision),
          },
        },
        auditPut(TableName, isin, sk, revision, 'SHEETS', {
          kind: audit.kind,
          revision,
          source: audit.source,
          changes: packBounded(audit.changes, 'The change'),
          updatedAt,
          updatedBy,
        }),
        ...drops[index]!,
      ];
    });
    try {
      await this.table.client.send(
        new TransactWriteCommand({
          // The company must still exist: a sheet never outlives a deleted stock.
          TransactItems: [companyExists(TableName, isin), ...items],
        }),
      );
    } catch (error) {
      if (lostRace(error)) throw new Conflict(SHEET_CONFLICT_MESSAGE);
      throw error;
    }
  }

  async history<K extends StatementKind>(isin: string, kind: K): Promise<SheetRevision<K>[]> {
    const items = await auditEntries(this.table, isin, sheetsKey(kind), SHEET_HISTORY_LIMIT);
    return items.map((item) => toRevision<K>(item));
  }
}
