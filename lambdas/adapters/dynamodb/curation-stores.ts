import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CurationStores } from '../../ports/curation-stores';
import { DynamoDbAreaIndex } from './area-index';
import { analystStore, descriptionStore, shariahStore } from './curated-items';
import { DynamoDbIngestRuns } from './ingest-runs';
import { DynamoDbSheetStore } from './sheet-store';
import { DynamoDbStockStore } from './stock-store';

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
