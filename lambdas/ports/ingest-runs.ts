import type { IngestRefusalView, IngestRunView } from '../../core/curation/overview';

/** What the provider's plan refused in a run, for one endpoint and exchange. */
export type IngestRefusal = IngestRefusalView;

/** A finished run of the data ingest, as it is recorded for the admin dashboard. */
export interface IngestRun {
  /** What ran: 'FMP ingest' in AWS and in the local stack's real-data mode, 'demo seed' locally. */
  readonly source: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly ingested: number;
  readonly failures: readonly { readonly symbol: string; readonly reason: string }[];
  readonly refusals: readonly IngestRefusal[];
}

/** Port over the record of ingest runs (the stocks table in AWS and locally). */
export interface IngestRuns {
  record(run: IngestRun): Promise<void>;
  /** The newest run; null before any. */
  last(): Promise<IngestRunView | null>;
}
