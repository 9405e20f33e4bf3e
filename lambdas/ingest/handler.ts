import type { Context, ScheduledEvent } from 'aws-lambda';
import { STOCKS_TABLE } from '../../core/tables';
import { documentClient, requiredEnv } from '../adapters/dynamodb/document-client';
import { DynamoDbIngestRuns } from '../adapters/dynamodb/ingest-runs';
import { DynamoDbStocksRepository } from '../adapters/dynamodb/stocks-repository';
import { DynamoDbVerdictChecks } from '../adapters/dynamodb/verdict-watch';
import { awsFmpClient } from '../adapters/fmp/aws-client';
import { createFmpConstituents } from '../adapters/fmp/constituents';
import { createFmpFundamentals } from '../adapters/fmp/fundamentals';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { logger } from '../shared/observability/logger';
import { recordIngest } from '../shared/observability/metrics';
import { traced } from '../shared/observability/tracing';
import { composeIngest } from './compose';
import { INGEST_CONCURRENCY_ENV, INGEST_SYMBOLS_ENV } from './config';

/** Stop starting companies this long before the Lambda time-out, so the run reports cleanly. */
const STOP_MARGIN_MS = 60_000;

// AWS adapters: table and secret from the stack, credentials and region from Lambda.
const run = lazy(() => {
  const fmp = awsFmpClient();
  const table = requiredEnv(STOCKS_TABLE.envVar);
  return composeIngest({
    stocks: new DynamoDbStocksRepository(documentClient(), table),
    runs: new DynamoDbIngestRuns(documentClient(), table),
    verdictChecks: new DynamoDbVerdictChecks(documentClient(), table),
    source: createFmpFundamentals(fmp),
    constituents: createFmpConstituents(fmp),
  });
});

async function ingest(_event: ScheduledEvent, context: Context) {
  const { requested, ...summary } = await run()({
    symbols: process.env[INGEST_SYMBOLS_ENV],
    concurrency: Number(process.env[INGEST_CONCURRENCY_ENV]) || undefined,
    shouldStop: () => context.getRemainingTimeInMillis() < STOP_MARGIN_MS,
  });
  const report = {
    requested,
    ingested: summary.ingested.length,
    failed: summary.failed,
    refusedByPlan: summary.refusals,
  };
  recordIngest({
    succeeded: summary.ingested.length,
    failed: summary.failed.length,
    planRefusals: summary.refusals.length,
  });
  if (summary.failed.length > 0) logger.error('market-data ingest finished', report);
  // Parts the plan refused are a gap in the data, not a broken run: the alarm on them tells.
  else if (summary.refusals.length > 0) logger.warn('market-data ingest finished', report);
  else logger.info('market-data ingest finished', report);
  // Nothing ingested at all (bad key, provider down) fails the invocation, so it shows in the
  // function's Errors metric; partial failures are reported in the log and retried next run.
  if (summary.ingested.length === 0 && summary.failed.length > 0) {
    throw new Error(`Ingest failed for all ${summary.failed.length} companies`);
  }
  return summary;
}

export const handler = instrumented(ingest, { around: traced });
