import * as z from 'zod';
import type { ConstituentIndex, IndexConstituents } from '../../ports/index-constituents';
import type { FmpClient } from './client';

/** FMP's stable endpoint listing each index's current members. */
export const CONSTITUENT_ENDPOINTS: Readonly<Record<ConstituentIndex, string>> = {
  sp500: '/stable/sp500-constituent',
  nasdaq: '/stable/nasdaq-constituent',
  dowjones: '/stable/dowjones-constituent',
};

/**
 * One member as FMP's stable constituent endpoints answer it. Only the symbol is read; the rest is
 * FMP's description of the company (its own sectors, not GICS), which the ingest takes from the
 * profile instead. `dateFirstAdded` is null on the Nasdaq list.
 */
export const constituentSchema = z.object({
  symbol: z.string().min(1),
  name: z.string().nullish(),
  sector: z.string().nullish(),
  subSector: z.string().nullish(),
  headQuarter: z.string().nullish(),
  dateFirstAdded: z.string().nullish(),
  cik: z.string().nullish(),
  founded: z.string().nullish(),
});
export const constituentsSchema = z.array(constituentSchema);

/**
 * The index membership lists of FMP's stable API. An empty answer is an empty list (FMP has no
 * members to give); a refusal by the key's plan is the client's plan error, which the ingest
 * records as such (lambdas/ingest/universe.ts).
 */
export function createFmpConstituents(client: FmpClient): IndexConstituents {
  return {
    async members(index) {
      const rows = await client.get(CONSTITUENT_ENDPOINTS[index], {}, constituentsSchema);
      // FMP writes share classes with a dash (BRK-B), as its other endpoints take them.
      return [...new Set(rows.map((row) => row.symbol.trim().toUpperCase()))];
    },
  };
}
