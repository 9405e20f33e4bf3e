import type { APIGatewayProxyEvent } from 'aws-lambda';
import { STOCKS_TABLE, USERS_TABLE } from '../../core/tables';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { usersTableStores } from '../adapters/dynamodb/users-table-stores';
import { DynamoDbStocksRepository } from '../adapters/dynamodb/stocks-repository';
import { S3UserFiles, USER_FILES_BUCKET_ENV } from '../adapters/s3/user-files';
import { EMAIL_FROM_ENV, SesEmailSender } from '../adapters/ses/email-sender';
import { awsSiteUrl, awsStripePayments, awsStripePrices } from '../adapters/stripe/aws-stripe';
import { awsFmpClient } from '../adapters/fmp/aws-client';
import { createFmpMarketData } from '../adapters/fmp/market-data';
import { composeAssetService } from '../asset/compose-service';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { traced } from '../shared/observability/tracing';
import { composeSubscriptionApi } from './compose';

// AWS adapters: the tables and Stripe configuration come from the stack, credentials and region
// from Lambda, the Stripe key from Secrets Manager.
const api = lazy(() => {
  const client = documentClient();
  const bucket = requiredEnv(USER_FILES_BUCKET_ENV);
  const stocks = new DynamoDbStocksRepository(client, requiredEnv(STOCKS_TABLE.envVar));
  // Portfolio summaries: the provider's quotes and bars, the universe copy of an asset service.
  const market = createFmpMarketData(awsFmpClient());
  return composeSubscriptionApi({
    ...usersTableStores(client, requiredEnv(USERS_TABLE.envVar)),
    stocks,
    assets: composeAssetService({ stocks, market }),
    market,
    payments: awsStripePayments(),
    billing: { prices: awsStripePrices(), siteUrl: awsSiteUrl() },
    email: new SesEmailSender(requiredEnv(EMAIL_FROM_ENV)),
    files: new S3UserFiles({ bucket }),
  });
});

export const handler = instrumented((event: APIGatewayProxyEvent) => api()(event), {
  around: traced,
});
