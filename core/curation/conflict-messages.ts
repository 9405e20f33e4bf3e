/**
 * What a curator is told when their write lost a race (the console offers to reload and reapply),
 * per area. Apart from the areas' zod schemas: the public functions (asset, ingest) name these
 * messages when they write curated items, and importing them from the schema modules had every
 * cold start construct the curation forms' ~200 schemas it never uses.
 */

export const ANALYST_CONFLICT_MESSAGE =
  'This analyst data was changed by someone else: reload and reapply your changes';
export const SHARIAH_CONFLICT_MESSAGE =
  'These Shariah inputs were changed by someone else: reload and reapply your changes';
export const DESCRIPTION_CONFLICT_MESSAGE =
  'This description was changed by someone else: reload and reapply';
export const STOCK_CONFLICT_MESSAGE =
  'This stock was changed by someone else: reload and reapply your changes';
export const SHEET_CONFLICT_MESSAGE =
  'This sheet was changed by someone else: reload and reapply your changes';
