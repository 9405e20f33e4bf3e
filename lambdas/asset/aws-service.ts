import { STOCKS_TABLE } from '../../core/tables';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { descriptionStore } from '../adapters/dynamodb/curated-items';
import { DynamoDbStocksRepository } from '../adapters/dynamodb/stocks-repository';
import { awsFmpClient } from '../adapters/fmp/aws-client';
import { createFmpMarketData } from '../adapters/fmp/market-data';
import { createFmpMarketCalendar } from '../adapters/fmp/calendar';
import { composeAssetService } from './compose-service';
import type { AssetService } from './service';

/** The asset service on AWS's adapters: fundamentals from DynamoDB, live prices from the provider. */
export function awsAssetService(): AssetService {
  const table = requiredEnv(STOCKS_TABLE.envVar);
  const fmp = awsFmpClient();
  return composeAssetService({
    stocks: new DynamoDbStocksRepository(documentClient(), table),
    market: createFmpMarketData(fmp),
    descriptions: descriptionStore(documentClient(), table),
    calendar: createFmpMarketCalendar(fmp),
  });
}
