import type { CuratedStock, StockProfileInput } from './stock';

/**
 * The profile facts an admin edits: a curator owns them once changed (the ingest keeps them).
 * Apart from stock.ts's schemas, which the ingest's merge (every function writing a profile) does
 * not use.
 */
export const STOCK_PROFILE_FIELDS = [
  'companyName',
  'currency',
  'sector',
  'industry',
  'country',
  'sharesOutstanding',
] as const satisfies readonly (keyof StockProfileInput & keyof CuratedStock)[];
