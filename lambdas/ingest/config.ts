/** Environment of the ingest function (set by infra/aws/ingest.ts). */

/**
 * Comma-separated symbols to ingest. When unset, the ingest universe: every company already in the
 * table and every current member of the indexes FMP lists (S&P 500, Nasdaq, Dow Jones; see
 * lambdas/ingest/universe.ts), so a first deploy fills an empty table by itself.
 */
export const INGEST_SYMBOLS_ENV = 'INGEST_SYMBOLS';
/** Companies fetched at once (default DEFAULT_INGEST_CONCURRENCY). */
export const INGEST_CONCURRENCY_ENV = 'INGEST_CONCURRENCY';
