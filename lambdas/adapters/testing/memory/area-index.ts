import type { AreaChange, CurationArea } from '../../../../core/curation/overview';
import type { AreaIndex } from '../../../ports/area-index';
import type { IngestRun, IngestRuns } from '../../../ports/ingest-runs';
import type { IngestRunView } from '../../../../core/curation/overview';

/** The area index in memory, for unit tests: items per area and the changes as given. */
export class InMemoryAreaIndex implements AreaIndex {
  constructor(
    private readonly items: ReadonlyMap<CurationArea, readonly string[]> = new Map(),
    private readonly changes: readonly AreaChange[] = [],
  ) {}

  async count(area: CurationArea, isins?: ReadonlySet<string>): Promise<number> {
    return (this.items.get(area) ?? []).filter((isin) => !isins || isins.has(isin)).length;
  }

  async changesSince(area: CurationArea, since: string): Promise<AreaChange[]> {
    return this.newestFirst(area).filter((change) => change.updatedAt >= since);
  }

  async lastChange(area: CurationArea, accept: (isin: string) => boolean) {
    return this.newestFirst(area).find((change) => accept(change.isin)) ?? null;
  }

  private newestFirst(area: CurationArea): AreaChange[] {
    return this.changes
      .filter((change) => change.area === area)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }
}

/** Ingest runs in memory, for unit tests. */
export class InMemoryIngestRuns implements IngestRuns {
  private readonly runs: IngestRun[] = [];

  async record(run: IngestRun): Promise<void> {
    this.runs.push(run);
  }

  async last(): Promise<IngestRunView | null> {
    const run = [...this.runs].sort((a, b) => b.startedAt.localeCompare(a.startedAt))[0];
    return run
      ? {
          ...run,
          failed: run.failures.length,
          failures: run.failures.slice(0, 50),
          refusals: run.refusals.slice(0, 50),
        }
      : null;
  }
}
