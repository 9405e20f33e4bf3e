import type { APIGatewayProxyEvent } from 'aws-lambda';
import { STOCKS_TABLE, USERS_TABLE } from '../../core/tables';
import { DynamoDbStocksRepository } from '../adapters/dynamodb/stocks-repository';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { usersTableStores } from '../adapters/dynamodb/users-table-stores';
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

// AWS composition: the tables and Stripe configuration come from the stack, credentials and region
// from Lambda, the Stripe key from Secrets Manager.
const api = lazy(() => {
  const { users, revocations, watchlists, alerts, savedScreens } = usersTableStores(
    documentClient(),
    requiredEnv(USERS_TABLE.envVar),
  );
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
    watchlists: new WatchlistService({ users, store: watchlists }),
    alerts: new AlertService({
      users,
      store: alerts,
      // An alert names a listed symbol: the stocks table (read only) knows them.
      knownSymbol: knownSymbolIn(
        new DynamoDbStocksRepository(documentClient(), requiredEnv(STOCKS_TABLE.envVar)),
      ),
    }),
    savedScreens: new SavedScreenService({ users, store: savedScreens }),
  });
});

export const handler = instrumented('subscription', (event: APIGatewayProxyEvent) => api()(event), {
  around: traced,
});
