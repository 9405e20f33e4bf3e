import type { IndexConstituents } from '../ports/index-constituents';
import { CONSTITUENT_INDEXES } from '../ports/index-constituents';
import type { IngestRefusal } from '../ports/ingest-runs';
import type { StocksRepository } from '../ports/stocks-repository';
import { parseSymbolList } from '../../core/market/symbol-list';
import { reasonOf, type IngestFailure } from './ingest';
import { planRefusalOf, PlanRefusals } from './refusals';

/** What one run sets out to ingest, and what it learnt on the way. */
export interface IngestUniverse {
  readonly symbols: string[];
  /** The exchange of each symbol already in the table. */
  readonly exchanges: ReadonlyMap<string, string>;
  /** Index lists the provider's plan refused (counted for no one company). */
  readonly refusals: IngestRefusal[];
  /** Index lists that could not be had for another reason; the run goes on without them. */
  readonly failures: IngestFailure[];
}

export interface UniverseSources {
  readonly stocks: Pick<StocksRepository, 'listStocks'>;
  /** The provider's index lists; without them, the table's companies only. */
  readonly constituents?: IndexConstituents;
}

/**
 * The companies a run ingests: the configured symbols when there are any; otherwise every company
 * already in the table and every current member of the indexes the provider lists
 * (CONSTITUENT_INDEXES), so a first deploy, whose table is empty, fills itself and the table
 * follows the indexes' changes. A list the plan refuses is a refusal of the run, never a silently
 * smaller universe.
 */
export async function ingestUniverse(
  configured: string | undefined,
  { stocks, constituents }: UniverseSources,
): Promise<IngestUniverse> {
  const listed = parseSymbolList(configured ?? '');
  if (listed.length > 0) {
    return { symbols: listed, exchanges: new Map(), refusals: [], failures: [] };
  }
  const table = await stocks.listStocks();
  const exchanges = new Map(table.map((entry) => [entry.symbol, entry.exchangeShortName]));
  const members = new Set<string>();
  const refusals = new PlanRefusals();
  const failures: IngestFailure[] = [];
  for (const index of constituents ? CONSTITUENT_INDEXES : []) {
    try {
      for (const symbol of await constituents!.members(index)) members.add(symbol);
    } catch (error) {
      const refusal = planRefusalOf(error);
      if (refusal) refusals.add(refusal, null);
      else failures.push({ symbol: `${index} constituents`, reason: reasonOf(error) });
    }
  }
  // Members not yet in the table first: a run stops starting companies near its time limit, and
  // a first deploy's hundreds of companies take several runs; putting the table's first would
  // refresh the same ones every run and never reach the rest.
  const missing = [...members].filter((symbol) => !exchanges.has(symbol));
  const symbols = [...missing, ...table.map((entry) => entry.symbol)];
  return { symbols, exchanges, refusals: refusals.list(), failures };
}
