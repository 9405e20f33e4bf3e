import type { APIGatewayProxyEvent } from 'aws-lambda';
import { STOCKS_TABLE, USERS_TABLE } from '../../core/tables';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { usersTableStores } from '../adapters/dynamodb/users-table-stores';
import { DynamoDbStocksRepository } from '../adapters/dynamodb/stocks-repository';
import { S3UserFiles, USER_FILES_BUCKET_ENV } from '../adapters/s3/user-files';
import { EMAIL_FROM_ENV, SesEmailSender } from '../adapters/ses/email-sender';
import { awsSiteUrl, awsStripePayments, awsStripePrices } from '../adapters/stripe/aws-stripe';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { traced } from '../shared/observability/tracing';
import { createSubscriptionApi } from './app';
import { BillingService } from './billing-service';
import { SavedScreenService } from './saved-screen-service';
import { WatchlistService } from './watchlist-service';
import { AlertService } from './alert-service';
import { knownSymbolIn } from './known-symbol';
import { UserFileService } from './user-file-service';

// AWS composition: the tables and Stripe configuration come from the stack, credentials and region
// from Lambda, the Stripe key from Secrets Manager.
const api = lazy(() => {
  const client = documentClient();
  const { users, revocations, watchlists, alerts, savedScreens } = usersTableStores(
    client,
    requiredEnv(USERS_TABLE.envVar),
  );
  const bucket = requiredEnv(USER_FILES_BUCKET_ENV);
  const watchlistService = new WatchlistService({ users, store: watchlists });
  const stocks = new DynamoDbStocksRepository(client, requiredEnv(STOCKS_TABLE.envVar));
  // An alert names a listed symbol: the stocks table (read only) knows them.
  const alertService = new AlertService({
    users,
    store: alerts,
    knownSymbol: knownSymbolIn(stocks),
  });
  const billing = new BillingService({
    users,
    payments: awsStripePayments(),
    email: new SesEmailSender(requiredEnv(EMAIL_FROM_ENV)),
    config: { prices: awsStripePrices(), siteUrl: awsSiteUrl() },
  });
  return createSubscriptionApi({
    users,
    revocations,
    billing,
    watchlists: watchlistService,
    alerts: alertService,
    savedScreens: new SavedScreenService({ users, store: savedScreens }),
    files: new UserFileService({
      users,
      files: new S3UserFiles({ bucket }),
      stocks,
      watchlists: watchlistService,
      alerts: alertService,
    }),
  });
});

export const handler = instrumented((event: APIGatewayProxyEvent) => api()(event), {
  around: traced,
});
