import type { ScheduledEvent } from 'aws-lambda';
import { STOCKS_TABLE, USERS_TABLE } from '../../core/tables';
import { DynamoDbAlertStore } from '../adapters/dynamodb/alert-store';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { DynamoDbNotificationLedger } from '../adapters/dynamodb/notification-ledger';
import { DynamoDbUsersRepository } from '../adapters/dynamodb/users-repository';
import { EMAIL_FROM_ENV, SesEmailSender } from '../adapters/ses/email-sender';
import { DynamoDbStocksRepository } from '../adapters/dynamodb/stocks-repository';
import { awsFmpClient } from '../adapters/fmp/aws-client';
import { createFmpMarketData } from '../adapters/fmp/market-data';
import { composeAssetService } from '../asset/compose-service';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { logger } from '../shared/observability/logger';
import { traced } from '../shared/observability/tracing';
import { composeAlertEvaluator } from './compose';

// AWS adapters: the users table, the stocks table and the provider behind the asset service,
// SES from the product's sender identity. Built once per container; the universe stays cached.
const evaluator = lazy(() => {
  const users = requiredEnv(USERS_TABLE.envVar);
  const market = createFmpMarketData(awsFmpClient());
  const stocks = new DynamoDbStocksRepository(documentClient(), requiredEnv(STOCKS_TABLE.envVar));
  return composeAlertEvaluator({
    alerts: new DynamoDbAlertStore(documentClient(), users),
    users: new DynamoDbUsersRepository(documentClient(), users),
    assets: composeAssetService({ stocks, market }),
    email: new SesEmailSender(requiredEnv(EMAIL_FROM_ENV)),
    notices: new DynamoDbNotificationLedger(documentClient(), users),
    warn: (message, detail) => logger.warn(message, detail),
  });
});

/** The EventBridge rule's target, each minute: one evaluation run. */
async function evaluate(_event: ScheduledEvent) {
  const result = await evaluator()();
  logger.info('alert evaluation finished', { ...result });
  return result;
}

export const handler = instrumented(evaluate, { around: traced });
