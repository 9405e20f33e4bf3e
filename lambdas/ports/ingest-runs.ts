import type { IngestRunView } from '../../core/curation/overview';

/** A finished run of the data ingest, as it is recorded for the admin dashboard. */
export interface IngestRun {
  /** What ran: 'FMP ingest' in AWS, 'demo seed' locally. */
  readonly source: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly ingested: number;
  readonly failures: readonly { readonly symbol: string; readonly reason: string }[];
}

/** Port over the record of ingest runs (the stocks table in AWS and locally). */
export interface IngestRuns {
  record(run: IngestRun): Promise<void>;
  /** The newest run; null before any. */
  last(): Promise<IngestRunView | null>;
}
