import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AnalystData, ShariahInputs } from '../../../core/market/types';
import type { AreaIndex } from '../../ports/area-index';
import type { CuratedItemStore } from '../../ports/curated-item-store';
import type { IngestRuns } from '../../ports/ingest-runs';
import type { SheetStore } from '../../ports/sheet-store';
import type { StockStore } from '../../ports/stock-store';
import { DynamoDbAreaIndex } from './area-index';
import { analystStore, descriptionStore, shariahStore } from './curated-items';
import { DynamoDbIngestRuns } from './ingest-runs';
import { DynamoDbSheetStore } from './sheet-store';
import { DynamoDbStockStore } from './stock-store';

/** The ports over the stocks table that curation writes and its overview reads. */
export interface CurationStores {
  /** The stocks as the console curates them: profile facts, visibility, new stocks. */
  readonly curatedStocks: StockStore;
  readonly descriptions: CuratedItemStore<string>;
  readonly analyst: CuratedItemStore<AnalystData>;
  readonly shariah: CuratedItemStore<ShariahInputs>;
  readonly sheets: SheetStore;
  readonly areas: AreaIndex;
  readonly ingestRuns: IngestRuns;
}

/**
 * The curation ports over the stocks table on one client (AWS and DynamoDB Local alike). Only the
 * curation function uses them all: the public functions import the one or two they read, so they
 * do not build the curation modules' schemas at a cold start.
 */
export function curationStores(client: DynamoDBDocumentClient, tableName: string): CurationStores {
  return {
    curatedStocks: new DynamoDbStockStore(client, tableName),
    descriptions: descriptionStore(client, tableName),
    analyst: analystStore(client, tableName),
    shariah: shariahStore(client, tableName),
    sheets: new DynamoDbSheetStore(client, tableName),
    areas: new DynamoDbAreaIndex(client, tableName),
    ingestRuns: new DynamoDbIngestRuns(client, tableName),
  };
}
