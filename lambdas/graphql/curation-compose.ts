import { createAnalystService } from '../curation/analyst-service';
import { createDescriptionService } from '../curation/description-service';
import { OverviewService } from '../curation/overview-service';
import { createShariahService } from '../curation/shariah-service';
import { SheetService } from '../curation/sheet-service';
import { StockService } from '../curation/stock-service';
import type { CurationStores } from '../ports/curation-stores';
import type { SessionRevocations } from '../ports/session-revocations';
import type { UsersRepository } from '../ports/users-repository';
import type { VerdictChecks } from '../ports/verdict-watch';
import { verdictMarking } from '../curation/verdict-marking';
import { createCurationResolver } from './curation-resolver';

/** What the curation resolver runs on: the users table's and the stocks table's ports. */
export interface CurationPorts extends CurationStores {
  /** Editors' permission sets. */
  readonly users: Pick<UsersRepository, 'get'>;
  readonly revocations: SessionRevocations;
  /** Where writes that may change a Shariah verdict mark the stock for the verdict alerts. */
  readonly verdictChecks: VerdictChecks;
}

/** The curation fields' resolver (Cognito user-pool auth), for AWS's Lambda and the local stack. */
export function composeCurationResolver(unmarked: CurationPorts) {
  const ports = verdictMarking(unmarked, unmarked.verdictChecks);
  const { users } = unmarked;
  return createCurationResolver({
    descriptions: createDescriptionService({ store: ports.descriptions, users }),
    sheets: new SheetService({ store: ports.sheets, users }),
    analyst: createAnalystService({ store: ports.analyst, users }),
    shariah: createShariahService({ store: ports.shariah, users }),
    stocks: new StockService({ store: ports.curatedStocks, users }),
    overview: new OverviewService({ areas: ports.areas, ingestRuns: ports.ingestRuns, users }),
    revocations: unmarked.revocations,
  });
}
