import {
  CURATION_AREAS,
  changesByPerson,
  OVERVIEW_RECENT_LIMIT,
  overviewSince,
  type AreaChange,
  type AreaOverview,
  type CurationOverview,
} from '../../core/curation/overview';
import { readableItems } from '../../core/permissions';
import type { AreaIndex } from '../ports/area-index';
import type { IngestRuns } from '../ports/ingest-runs';
import type { UsersRepository } from '../ports/users-repository';
import { CuratorAccess, type Curator } from './curator-access';

export interface OverviewDeps {
  readonly areas: AreaIndex;
  readonly ingestRuns: IngestRuns;
  readonly users: Pick<UsersRepository, 'get'>;
  readonly clock?: () => Date;
}

/**
 * The console's overview (/admin/settings) and the admin dashboard's figures: per area the caller
 * may read, its item count, its changes of the last days and its last change; the changes by
 * person; for admins the last ingest. An editor sees only what their set lets them read: the
 * changes and counts of their ISINs, never the whole area's figures.
 */
export class OverviewService {
  private readonly access: CuratorAccess;
  private readonly clock: () => Date;

  constructor(private readonly deps: OverviewDeps) {
    this.access = new CuratorAccess(deps.users);
    this.clock = deps.clock ?? (() => new Date());
  }

  async overview(caller: Curator): Promise<CurationOverview> {
    const set = await this.access.permissionSet(caller);
    const since = overviewSince(this.clock());
    const visible = CURATION_AREAS.flatMap((area) => {
      const scope = readableItems(set, area);
      return scope === 'all' || scope.size > 0 ? [{ area, scope }] : [];
    });
    const perArea = await Promise.all(
      visible.map(async ({ area, scope }) => {
        const accept = (isin: string) => scope === 'all' || scope.has(isin);
        const [count, changes, lastChange] = await Promise.all([
          this.deps.areas.count(area, scope === 'all' ? undefined : scope),
          this.deps.areas.changesSince(area, since),
          this.deps.areas.lastChange(area, accept),
        ]);
        const mine = changes.filter((change) => accept(change.isin));
        const overview: AreaOverview = {
          area,
          count,
          recentChanges: mine.length,
          lastChange,
        };
        return { overview, changes: mine };
      }),
    );
    const changes: AreaChange[] = perArea.flatMap((entry) => entry.changes);
    const recent = [...changes]
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .slice(0, OVERVIEW_RECENT_LIMIT);
    return {
      since,
      areas: perArea.map((entry) => entry.overview),
      changesByPerson: changesByPerson(changes),
      recent,
      lastIngest: set === null ? await this.deps.ingestRuns.last() : null,
    };
  }
}
