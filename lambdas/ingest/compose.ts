import type { IndexConstituents } from '../ports/index-constituents';
import type { IngestRuns } from '../ports/ingest-runs';
import type { StocksRepository } from '../ports/stocks-repository';
import type { VerdictChecks } from '../ports/verdict-watch';
import {
  ingestCompanies,
  type CompanyDataSource,
  type IngestOptions,
  type IngestSummary,
} from './ingest';
import { ingestUniverse } from './universe';

/** What the market-data ingest runs on. */
export interface IngestPorts {
  readonly stocks: StocksRepository;
  /** Where each run is recorded: the admin dashboard shows the last one and its failures. */
  readonly runs: IngestRuns;
  /** The provider's company data. */
  readonly source: CompanyDataSource;
  /**
   * The provider's index lists, whose members join the table's companies when no symbols are
   * configured (lambdas/ingest/universe.ts); without them, the table's companies only.
   */
  readonly constituents?: IndexConstituents;
  /** Where the companies ingested are marked for the verdict-change alerts' next run. */
  readonly verdictChecks: VerdictChecks;
  readonly clock?: () => Date;
}

export interface IngestRequest extends IngestOptions {
  /**
   * Comma-separated symbols; when absent or blank, every company already in the table and every
   * member of the provider's index lists.
   */
  readonly symbols?: string;
}

export interface IngestReport extends IngestSummary {
  /** How many companies the run set out to ingest. */
  readonly requested: number;
}

/** One ingest run, recorded when it ends; for AWS's scheduled Lambda and the local real-data mode. */
export type Ingest = (request: IngestRequest) => Promise<IngestReport>;

/**
 * The market-data ingest. AWS's schedule runs it, and so does the local stack in its real-data
 * mode (FMP_API_KEY set); in demo mode the local stack seeds the generated universe instead
 * (infra/local/seed-stocks.ts) and records that as its run.
 */
export function composeIngest(ports: IngestPorts): Ingest {
  const { stocks, runs, source, constituents, verdictChecks, clock = () => new Date() } = ports;
  return async ({ symbols: configured, ...options }) => {
    const startedAt = clock().toISOString();
    const universe = await ingestUniverse(configured, {
      stocks,
      ...(constituents && { constituents }),
    });
    const summary = await ingestCompanies(
      universe.symbols,
      { stocks, source },
      { ...options, exchanges: universe.exchanges },
    );
    // New statements and Shariah data may change a verdict: the alert evaluator looks at each.
    await verdictChecks.mark(summary.ingested);
    const failed = [...universe.failures, ...summary.failed];
    // An index list is refused once per run, before any company: it leads the list.
    const refusals = [...universe.refusals, ...summary.refusals];
    await runs.record({
      source: 'FMP ingest',
      startedAt,
      finishedAt: clock().toISOString(),
      ingested: summary.ingested.length,
      failures: failed,
      refusals,
    });
    return { requested: universe.symbols.length, ingested: summary.ingested, failed, refusals };
  };
}
