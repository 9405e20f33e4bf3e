import type { AppSyncResolverEvent } from 'aws-lambda';
import { STOCKS_TABLE, USERS_TABLE } from '../../core/tables';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { usersTableStores } from '../adapters/dynamodb/users-table-stores';
import { DynamoDbSheetStore } from '../adapters/dynamodb/sheet-store';
import { DynamoDbStockStore } from '../adapters/dynamodb/stock-store';
import { analystStore, descriptionStore, shariahStore } from '../adapters/dynamodb/curated-items';
import { createAnalystService } from '../curation/analyst-service';
import { createShariahService } from '../curation/shariah-service';
import { createDescriptionService } from '../curation/description-service';
import { SheetService } from '../curation/sheet-service';
import { StockService } from '../curation/stock-service';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { traced } from '../shared/observability/tracing';
import { createCurationResolver } from './curation-resolver';

// AppSync direct Lambda resolver of the curation fields (Cognito user pool): editors' sets and
// revocations from the users table, descriptions, sheets and their audit trails in the stocks table.
const resolver = lazy(() => {
  const client = documentClient();
  const { users, revocations } = usersTableStores(client, requiredEnv(USERS_TABLE.envVar));
  const stocksTable = requiredEnv(STOCKS_TABLE.envVar);
  return createCurationResolver({
    descriptions: createDescriptionService({ store: descriptionStore(client, stocksTable), users }),
    sheets: new SheetService({ store: new DynamoDbSheetStore(client, stocksTable), users }),
    analyst: createAnalystService({ store: analystStore(client, stocksTable), users }),
    shariah: createShariahService({ store: shariahStore(client, stocksTable), users }),
    // No instrument: in AWS the market-data provider prices every listed symbol.
    stocks: new StockService({ store: new DynamoDbStockStore(client, stocksTable), users }),
    revocations,
  });
});

export const handler = instrumented(
  'graphql-curation',
  (event: AppSyncResolverEvent<Record<string, unknown>>) => resolver()(event),
  { around: traced },
);
