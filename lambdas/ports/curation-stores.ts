import type { AnalystData, ShariahInputs } from '../../core/market/types';
import type { AreaIndex } from './area-index';
import type { CuratedItemStore } from './curated-item-store';
import type { IngestRuns } from './ingest-runs';
import type { SheetStore } from './sheet-store';
import type { StockStore } from './stock-store';

/** The ports over the stocks table that curation writes and its overview reads. */
export interface CurationStores {
  /** The stocks as the console curates them: profile facts, visibility, new stocks. */
  readonly curatedStocks: StockStore;
  readonly descriptions: CuratedItemStore<string>;
  readonly analyst: CuratedItemStore<AnalystData>;
  readonly shariah: CuratedItemStore<ShariahInputs>;
  readonly sheets: SheetStore;
  readonly areas: AreaIndex;
  readonly ingestRuns: IngestRuns;
}
