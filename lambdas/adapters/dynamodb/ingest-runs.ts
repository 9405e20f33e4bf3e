import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { IngestRunView } from '../../../core/curation/overview';
import type { IngestRun, IngestRuns } from '../../ports/ingest-runs';

/** The partition of the run records: no ISIN starts with '#'. */
const PARTITION = '#ingest';
/** A run's failures kept with it: the first ones tell what went wrong; the log has them all. */
export const KEPT_FAILURES = 50;
/** Runs are kept 90 days (the table's TTL). */
const KEEP_SECONDS = 90 * 24 * 60 * 60;

/**
 * Ingest runs in the stocks table: one item per run (sk RUN#<startedAt>) with its counts and its
 * first failures, expiring after 90 days; the newest is one Query away. The ingest Lambda records
 * each run; locally the demo seed records its own.
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
    };
  }
}
