import type { ScheduledEvent } from 'aws-lambda';
import { STOCKS_TABLE, USERS_TABLE } from '../../core/tables';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { usersTableStores } from '../adapters/dynamodb/users-table-stores';
import { DynamoDbSeenVerdicts, DynamoDbVerdictChecks } from '../adapters/dynamodb/verdict-watch';
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
import { composeVerdictEvaluator } from './compose-verdict-alerts';

// AWS adapters: the users table, the stocks table and the provider behind the asset service,
// SES from the product's sender identity. Built once per container; the universe stays cached.
const evaluators = lazy(() => {
  const client = documentClient();
  const table = requiredEnv(STOCKS_TABLE.envVar);
  const stores = usersTableStores(client, requiredEnv(USERS_TABLE.envVar));
  const market = createFmpMarketData(awsFmpClient());
  const stocks = new DynamoDbStocksRepository(client, table);
  const assets = composeAssetService({ stocks, market });
  const email = new SesEmailSender(requiredEnv(EMAIL_FROM_ENV));
  const warn = (message: string, detail: Record<string, unknown>) => logger.warn(message, detail);
  return {
    prices: composeAlertEvaluator({ ...stores, assets, email, warn }),
    verdicts: composeVerdictEvaluator({
      ...stores,
      checks: new DynamoDbVerdictChecks(client, table),
      seen: new DynamoDbSeenVerdicts(client, table),
      assets,
      email,
      warn,
    }),
  };
});

/** The EventBridge rule's target, each minute: one run of each evaluator. */
async function evaluate(_event: ScheduledEvent) {
  const { prices, verdicts } = evaluators();
  const result = await prices();
  logger.info('alert evaluation finished', { ...result });
  const changes = await verdicts();
  logger.info('verdict alert evaluation finished', { ...changes });
  return { ...result, verdicts: changes };
}

export const handler = instrumented(evaluate, { around: traced });
