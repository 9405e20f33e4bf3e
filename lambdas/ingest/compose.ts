import type { IngestRuns } from '../ports/ingest-runs';
import type { StocksRepository } from '../ports/stocks-repository';
import {
  ingestCompanies,
  symbolsToIngest,
  type CompanyDataSource,
  type IngestOptions,
  type IngestSummary,
} from './ingest';

/** What the market-data ingest runs on. */
export interface IngestPorts {
  readonly stocks: StocksRepository;
  /** Where each run is recorded: the admin dashboard shows the last one and its failures. */
  readonly runs: IngestRuns;
  /** The provider's company data. */
  readonly source: CompanyDataSource;
  readonly clock?: () => Date;
}

export interface IngestRequest extends IngestOptions {
  /** Comma-separated symbols; when absent or blank, every company already in the table. */
  readonly symbols?: string;
}

export interface IngestReport extends IngestSummary {
  /** How many companies the run set out to ingest. */
  readonly requested: number;
}

/** One ingest run, recorded when it ends; for AWS's scheduled Lambda. */
export type Ingest = (request: IngestRequest) => Promise<IngestReport>;

/**
 * The market-data ingest. The local stack does not run it: it seeds the generated demo universe
 * (infra/local/seed-stocks.ts) and records that as its run.
 */
export function composeIngest(ports: IngestPorts): Ingest {
  const { stocks, runs, source, clock = () => new Date() } = ports;
  return async ({ symbols: configured, ...options }) => {
    const startedAt = clock().toISOString();
    const symbols = await symbolsToIngest(configured, stocks);
    const summary = await ingestCompanies(symbols, { stocks, source }, options);
    await runs.record({
      source: 'FMP ingest',
      startedAt,
      finishedAt: clock().toISOString(),
      ingested: summary.ingested.length,
      failures: summary.failed,
    });
    return { requested: symbols.length, ...summary };
  };
}
