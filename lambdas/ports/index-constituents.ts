/**
 * The indexes whose members the data provider lists: with the companies already in the stocks
 * table, their members are what the ingest fetches when no symbols are configured, so a first
 * deploy (an empty table) fills itself.
 */
export const CONSTITUENT_INDEXES = ['sp500', 'nasdaq', 'dowjones'] as const;
export type ConstituentIndex = (typeof CONSTITUENT_INDEXES)[number];

/** Port over the provider's index membership lists (FMP in AWS: lambdas/adapters/fmp/constituents.ts). */
export interface IndexConstituents {
  /**
   * The symbols of an index's current members. Throws when the list cannot be had: a refusal by
   * the key's plan is the provider's plan error (lambdas/adapters/fmp/provider-error.ts), never an
   * empty list.
   */
  members(index: ConstituentIndex): Promise<readonly string[]>;
}
