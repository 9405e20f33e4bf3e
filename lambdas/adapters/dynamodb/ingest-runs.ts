import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { IngestRunView } from '../../../core/curation/overview';
import type { IngestRun, IngestRuns } from '../../ports/ingest-runs';

/** The partition of the run records: no ISIN starts with '#'. */
const PARTITION = '#ingest';
/** A run's failures kept with it: the first ones tell what went wrong; the log has them all. */
export const KEPT_FAILURES = 50;
/**
 * A run's plan refusals kept with it: one per endpoint and exchange, so a few dozen at most in
 * practice; the bound keeps a run's item far below DynamoDB's 400 KB whatever FMP answers.
 */
export const KEPT_REFUSALS = 50;
/** Runs are kept 90 days (the table's TTL). */
const KEEP_SECONDS = 90 * 24 * 60 * 60;

/**
 * Ingest runs in the stocks table: one item per run (sk RUN#<startedAt>) with its counts, its
 * first failures and what the provider's plan refused, expiring after 90 days; the newest is one
 * Query away. The ingest Lambda records each run; locally the demo seed or the real-data mode's
 * ingest records its own.
 */
export class DynamoDbIngestRuns implements IngestRuns {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async record(run: IngestRun): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          isin: PARTITION,
          sk: `RUN#${run.startedAt}`,
          source: run.source,
          startedAt: run.startedAt,
          finishedAt: run.finishedAt,
          ingested: run.ingested,
          failed: run.failures.length,
          failures: run.failures.slice(0, KEPT_FAILURES),
          refusals: run.refusals.slice(0, KEPT_REFUSALS),
          expiresAt: Math.floor(Date.parse(run.finishedAt) / 1000) + KEEP_SECONDS,
        },
      }),
    );
  }

  async last(): Promise<IngestRunView | null> {
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'isin = :pk AND begins_with(sk, :run)',
        ExpressionAttributeValues: { ':pk': PARTITION, ':run': 'RUN#' },
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    const item = Items?.[0];
    if (!item) return null;
    return {
      source: String(item.source),
      startedAt: String(item.startedAt),
      finishedAt: String(item.finishedAt),
      ingested: Number(item.ingested),
      failed: Number(item.failed),
      failures: (item.failures ?? []) as IngestRunView['failures'],
      // Runs recorded before refusals were kept have none.
      refusals: (item.refusals ?? []) as IngestRunView['refusals'],
    };
  }
}
