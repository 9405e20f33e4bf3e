import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoDbAreaIndex } from '../adapters/dynamodb/area-index';
import { analystStore, descriptionStore, shariahStore } from '../adapters/dynamodb/curated-items';
import { DynamoDbIngestRuns } from '../adapters/dynamodb/ingest-runs';
import { DynamoDbSheetStore } from '../adapters/dynamodb/sheet-store';
import { DynamoDbStockStore } from '../adapters/dynamodb/stock-store';
import type { UsersRepository } from '../ports/users-repository';
import { createAnalystService } from './analyst-service';
import { createDescriptionService } from './description-service';
import { OverviewService } from './overview-service';
import { createShariahService } from './shariah-service';
import { SheetService } from './sheet-service';
import { StockService, type StockServiceDeps } from './stock-service';

/**
 * The curation services over the stocks table, composed once for the AppSync Lambda and the local
 * stack (which adds a simulated instrument for new stocks: in AWS the provider prices them).
 */
export function dynamoDbCurationServices(options: {
  readonly client: DynamoDBDocumentClient;
  readonly stocksTable: string;
  readonly users: Pick<UsersRepository, 'get'>;
  readonly instrumentFor?: StockServiceDeps['instrumentFor'];
}) {
  const { client, stocksTable, users, instrumentFor } = options;
  return {
    descriptions: createDescriptionService({ store: descriptionStore(client, stocksTable), users }),
    sheets: new SheetService({ store: new DynamoDbSheetStore(client, stocksTable), users }),
    analyst: createAnalystService({ store: analystStore(client, stocksTable), users }),
    shariah: createShariahService({ store: shariahStore(client, stocksTable), users }),
    stocks: new StockService({
      store: new DynamoDbStockStore(client, stocksTable),
      users,
      ...(instrumentFor && { instrumentFor }),
    }),
    overview: new OverviewService({
      areas: new DynamoDbAreaIndex(client, stocksTable),
      ingestRuns: new DynamoDbIngestRuns(client, stocksTable),
      users,
    }),
  };
}
