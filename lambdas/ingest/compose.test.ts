import { describe, expect, it } from 'vitest';
import { InMemoryIngestRuns } from '../adapters/testing/memory/area-index';
import { InMemoryStocksRepository } from '../adapters/testing/memory/stocks-repository';
import { composeIngest } from './compose';

const STARTED = new Date('2026-11-24T03:00:00Z');
const FINISHED = new Date('2026-11-24T03:07:00Z');

describe('composeIngest', () => {
  it('ingests the configured symbols and records the run for the admin dashboard', async () => {
    const runs = new InMemoryIngestRuns();
    const times = [STARTED, FINISHED];
    const ingest = composeIngest({
      stocks: new InMemoryStocksRepository(),
      runs,
      source: { company: (symbol) => Promise.reject(new Error(`${symbol} is unavailable`)) },
      clock: () => times.shift()!,
    });
    const report = await ingest({ symbols: 'aapl, MSFT', shouldStop: () => false });
    const failed = [
      { symbol: 'AAPL', reason: 'AAPL is unavailable' },
      { symbol: 'MSFT', reason: 'MSFT is unavailable' },
    ];
    expect(report).toEqual({ requested: 2, ingested: [], failed: expect.arrayContaining(failed) });
    expect(await runs.last()).toMatchObject({
      source: 'FMP ingest',
      startedAt: STARTED.toISOString(),
      finishedAt: FINISHED.toISOString(),
      ingested: 0,
      failed: 2,
    });
  });
});
