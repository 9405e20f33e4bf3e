import { describe, expect, it } from 'vitest';
import { createFmpFundamentals } from '../adapters/fmp/fundamentals';
import { ProviderError } from '../adapters/fmp/provider-error';
import { stubFmpPerTest } from '../adapters/fmp/testing/stub-fmp-client';
import { companiesRoutes } from '../adapters/fmp/testing/stub-fmp-fixtures';
import { InMemoryIngestRuns } from '../adapters/testing/memory/area-index';
import { InMemoryStocksRepository } from '../adapters/testing/memory/stocks-repository';
import { InMemoryVerdictChecks } from '../adapters/testing/memory/verdict-watch';
import { composeIngest } from './compose';

const STARTED = new Date('2026-11-24T03:00:00Z');
const FINISHED = new Date('2026-11-24T03:07:00Z');
const LEGACY =
  'Legacy Endpoint : Due to Legacy endpoints being no longer supported - This endpoint is only available for legacy users who have valid subscriptions prior August 31, 2025.';

const fmp = stubFmpPerTest();

describe('composeIngest', () => {
  it('ingests the configured symbols and records the run for the admin dashboard', async () => {
    const runs = new InMemoryIngestRuns();
    const times = [STARTED, FINISHED];
    const ingest = composeIngest({
      stocks: new InMemoryStocksRepository(),
      runs,
      verdictChecks: new InMemoryVerdictChecks(),
      source: { company: (symbol) => Promise.reject(new Error(`${symbol} is unavailable`)) },
      clock: () => times.shift()!,
    });
    const report = await ingest({ symbols: 'aapl, MSFT', shouldStop: () => false });
    const failed = [
      { symbol: 'AAPL', reason: 'AAPL is unavailable' },
      { symbol: 'MSFT', reason: 'MSFT is unavailable' },
    ];
    expect(report).toEqual({
      requested: 2,
      ingested: [],
      failed: expect.arrayContaining(failed),
      refusals: [],
    });
    expect(await runs.last()).toMatchObject({
      source: 'FMP ingest',
      startedAt: STARTED.toISOString(),
      finishedAt: FINISHED.toISOString(),
      ingested: 0,
      failed: 2,
      refusals: [],
    });
  });

  it('without configured symbols, ingests the index members and records what the plan refused', async () => {
    const runs = new InMemoryIngestRuns();
    const asked: string[] = [];
    const ingest = composeIngest({
      stocks: new InMemoryStocksRepository(),
      runs,
      verdictChecks: new InMemoryVerdictChecks(),
      source: {
        company: (symbol) => {
          asked.push(symbol);
          return Promise.reject(new ProviderError('plan', '/stable/profile', LEGACY));
        },
      },
      constituents: {
        members: async (index) => {
          if (index === 'sp500')
            throw new ProviderError('plan', '/stable/sp500-constituent', LEGACY);
          return index === 'nasdaq' ? ['AAPL', 'MSFT'] : ['MSFT'];
        },
      },
    });
    const report = await ingest({});
    expect(report.requested).toBe(2);
    expect(asked.sort()).toEqual(['AAPL', 'MSFT']);
    const run = await runs.last();
    expect(run?.failed).toBe(2);
    expect(run?.refusals).toEqual([
      { endpoint: '/stable/sp500-constituent', exchange: null, message: LEGACY, companies: 0 },
      { endpoint: '/stable/profile', exchange: null, message: LEGACY, companies: 2 },
    ]);
  });

  it('marks the companies it ingested for the verdict alerts, not those that failed', async () => {
    const checks = new InMemoryVerdictChecks();
    const routes = companiesRoutes([
      { symbol: 'AAPL', isin: 'US0378331005' },
      { symbol: 'MSFT', isin: 'US5949181045' },
    ]);
    const source = createFmpFundamentals(await fmp.client(routes));
    const ingest = composeIngest({
      stocks: new InMemoryStocksRepository(),
      runs: new InMemoryIngestRuns(),
      verdictChecks: checks,
      source: {
        company: (symbol) =>
          symbol === 'MSFT' ? Promise.reject(new Error('unavailable')) : source.company(symbol),
      },
    });
    const report = await ingest({ symbols: 'AAPL,MSFT' });
    expect(report.ingested).toEqual(['AAPL']);
    expect([...checks.marks.keys()]).toEqual(['AAPL']);
  });
});
