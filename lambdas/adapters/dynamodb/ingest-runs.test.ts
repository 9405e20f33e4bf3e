import { describe, expect, it } from 'vitest';
import { clientAnswering } from './testing/recording-client';
import type { IngestRun } from '../../ports/ingest-runs';
import { DynamoDbIngestRuns, KEPT_FAILURES, KEPT_REFUSALS } from './ingest-runs';

const refusal = (i: number) => ({
  endpoint: `/stable/endpoint-${i}`,
  exchange: 'LSE',
  message: 'Premium Query Parameter: upgrade your plan.',
  companies: i + 1,
});

const run: IngestRun = {
  source: 'FMP ingest',
  startedAt: '2026-11-24T03:00:00.000Z',
  finishedAt: '2026-11-24T03:07:00.000Z',
  ingested: 3,
  failures: Array.from({ length: KEPT_FAILURES + 5 }, (_, i) => ({
    symbol: `S${i}`,
    reason: 'HTTP 500',
  })),
  refusals: Array.from({ length: KEPT_REFUSALS + 3 }, (_, i) => refusal(i)),
};

describe('DynamoDbIngestRuns', () => {
  it('records a run with bounded lists of failures and plan refusals, and the full counts', async () => {
    const { client, inputs } = clientAnswering(() => ({}));
    await new DynamoDbIngestRuns(client, 'stocks').record(run);
    const item = inputs[0]!.Item as Record<string, unknown[]>;
    expect(item).toMatchObject({ isin: '#ingest', sk: `RUN#${run.startedAt}`, failed: 55 });
    expect(item.failures).toHaveLength(KEPT_FAILURES);
    expect(item.refusals).toHaveLength(KEPT_REFUSALS);
    expect(item.refusals![0]).toEqual(refusal(0));
  });

  it('reads the newest run back with its refusals, and none for a run recorded before them', async () => {
    const stored = { ...run, failed: 1, failures: [{ symbol: 'A', reason: 'no ISIN' }] };
    const { client } = clientAnswering(() => ({ Items: [{ ...stored, refusals: [refusal(0)] }] }));
    expect(await new DynamoDbIngestRuns(client, 'stocks').last()).toMatchObject({
      failed: 1,
      refusals: [refusal(0)],
    });
    const { refusals: _, ...older } = stored;
    const { client: oldClient } = clientAnswering(() => ({ Items: [older] }));
    expect((await new DynamoDbIngestRuns(oldClient, 'stocks').last())?.refusals).toEqual([]);
  });

  it('answers null before any run', async () => {
    const { client, inputs } = clientAnswering(() => ({ Items: [] }));
    expect(await new DynamoDbIngestRuns(client, 'stocks').last()).toBeNull();
    expect(inputs[0]).toMatchObject({ ScanIndexForward: false, Limit: 1 });
  });
});
